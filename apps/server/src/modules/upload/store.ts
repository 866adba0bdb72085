import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, count, eq, gt } from 'drizzle-orm';
import { uploads, users, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { checkImage } from './image.ts';

export type Upload = typeof uploads.$inferSelect;

/** Uploads a user may make in 24 hours. */
export const UPLOADS_PER_DAY = 100;

export const uploadUrl = (publicId: string) => `/api/upload/${publicId}`;
const PUBLIC_ID = /^[A-Za-z0-9_-]{32}$/;

/** The public id in an upload url (`/api/upload/<id>`, possibly with scheme and host). */
export function publicIdOf(url: string): string | null {
  const match = /(?:^|\/)api\/upload\/([A-Za-z0-9_-]+)$/.exec(url.trim());
  return match && PUBLIC_ID.test(match[1]!) ? match[1]! : null;
}

const folder = (app: Pick<ServerDeps, 'config'>) => join(app.config.dataDir, 'uploads');

/**
 * Stores an image for `userId`, at most UPLOADS_PER_DAY in 24 hours (RATE_LIMITED). The user's row
 * is locked while counting and recording, so uploads sent at once are counted one after another.
 */
export async function saveUpload(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  userId: number,
  bytes: Buffer,
): Promise<string> {
  const mime = checkImage(bytes);
  const now = app.clock.now();
  const publicId = randomBytes(24).toString('base64url');
  await app.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [recent] = await tx
      .select({ n: count() })
      .from(uploads)
      .where(
        and(
          eq(uploads.userId, userId),
          gt(uploads.createdAt, new Date(now.getTime() - 86_400_000)),
        ),
      );
    if ((recent?.n ?? 0) >= UPLOADS_PER_DAY) throw new AppError('RATE_LIMITED');
    await tx.insert(uploads).values({ publicId, userId, mime, size: bytes.length, createdAt: now });
  });
  try {
    await mkdir(folder(app), { recursive: true });
    await writeFile(join(folder(app), publicId), bytes, { mode: 0o600 });
  } catch (err) {
    // No row without its file: reading it would fail.
    await app.db.delete(uploads).where(eq(uploads.publicId, publicId));
    throw err;
  }
  return uploadUrl(publicId);
}

export async function findUpload(db: Db, publicId: string): Promise<Upload | undefined> {
  if (!PUBLIC_ID.test(publicId)) return undefined;
  const [row] = await db.select().from(uploads).where(eq(uploads.publicId, publicId));
  return row;
}

export const readUpload = (app: Pick<ServerDeps, 'config'>, upload: Upload) =>
  readFile(join(folder(app), upload.publicId));

/**
 * An upload url the user gives as evidence (KYC photo, voucher) must be one of their own
 * uploads; returns it in its canonical form. Anything else: UPLOAD_INVALID.
 */
export async function ownUpload(db: Db, userId: number, url: string): Promise<string> {
  const publicId = publicIdOf(url);
  const upload = publicId ? await findUpload(db, publicId) : undefined;
  if (!upload || upload.userId !== userId) throw new AppError('UPLOAD_INVALID');
  return uploadUrl(upload.publicId);
}
