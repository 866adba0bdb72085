import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { findUpload, publicIdOf } from '../upload/store.ts';

const ACTION = 'chat.upload';

/**
 * An operator's upload into a conversation, audited. The audit row is also what lets the
 * operator attach it to a reply: uploads are stored under the user, so without it an operator
 * could attach (and then read) any upload of the user, such as their ID photos.
 */
export async function recordOperatorUpload(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  adminId: number,
  userId: number,
  url: string,
) {
  const upload = await findUpload(app.db, publicIdOf(url) ?? '');
  if (!upload) throw new AppError('UPLOAD_INVALID');
  await writeAudit(app.db, {
    adminId,
    action: ACTION,
    targetType: 'upload',
    targetId: upload.id,
    before: null,
    after: JSON.stringify({ user_id: userId, url }),
    reason: null,
    at: app.clock.now(),
  });
}

/** A reply's image must be one this operator uploaded into this user's conversation. */
export async function assertOwnOperatorUpload(
  app: Pick<ServerDeps, 'db'>,
  adminId: number,
  userId: number,
  url: string,
): Promise<void> {
  const upload = await findUpload(app.db, publicIdOf(url) ?? '');
  if (!upload || upload.userId !== userId) throw new AppError('UPLOAD_INVALID');
  const [uploaded] = await app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, ACTION),
        eq(auditLog.targetType, 'upload'),
        eq(auditLog.targetId, upload.id),
        eq(auditLog.adminId, adminId),
      ),
    )
    .limit(1);
  if (!uploaded) throw new AppError('UPLOAD_INVALID');
}
