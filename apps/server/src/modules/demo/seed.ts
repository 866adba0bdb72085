import { and, eq, isNull } from 'drizzle-orm';
import { kycSubmissions, users, type Db } from '@hx/db';
import { unitOfWork } from '@hx/ledger';
import { hashPassword } from '../../lib/passwords.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { creditDemoFunds } from './funds.ts';

/** The demo user's fund password, printed with the logins (a demo credential). */
export const DEMO_FUND_PASSWORD = '123456';

/**
 * Demo mode: the demo user can trade at once. Each step is done once, on any start (an
 * installation seeded before these steps existed gets them too) and never again:
 * - starting funds from the treasury (an idempotency key per user), audited;
 * - basic KYC verified, as a passed review leaves it (a verified submission, the user's state,
 *   an audit row), unless the user has a basic KYC state already;
 * - the fund password, unless one is set.
 */
export async function seedDemoUser(db: Db, userId: number, at = new Date()): Promise<void> {
  await unitOfWork(db, async (tx) => {
    await creditDemoFunds(tx, userId, {
      action: 'demo_funds.start',
      at,
      idempotencyKey: `demo-funds-start:${userId}`,
    });
  });
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(users)
      .set({ kycBasic: 'verified' })
      .where(and(eq(users.id, userId), eq(users.kycBasic, 'unverified')))
      .returning({ id: users.id });
    if (moved.length === 0) return;
    const [submission] = await tx
      .insert(kycSubmissions)
      .values({
        userId,
        level: 'basic',
        status: 'verified',
        country: 'Demo',
        name: 'Demo User',
        idNumber: 'DEMO000001',
        reviewedAt: at,
        createdAt: at,
      })
      .returning({ id: kycSubmissions.id });
    await writeAudit(tx, {
      adminId: null,
      action: 'kyc.pass',
      targetType: 'kyc',
      targetId: submission!.id,
      before: 'review',
      after: 'verified',
      reason: 'demo user',
      at,
    });
  });
  const [user] = await db
    .select({ payPasswordHash: users.payPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (user && user.payPasswordHash === null) {
    await db
      .update(users)
      .set({ payPasswordHash: await hashPassword(DEMO_FUND_PASSWORD) })
      .where(and(eq(users.id, userId), isNull(users.payPasswordHash)));
  }
  sessionsChanged();
}
