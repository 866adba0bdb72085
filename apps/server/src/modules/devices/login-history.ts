import { and, eq } from 'drizzle-orm';
import type { Origin } from '../../lib/request-context.ts';
import type { LOGIN_RESULTS } from '@hx/protocol';
import { loginHistory, type Db } from '@hx/db';

export type LoginResult = (typeof LOGIN_RESULTS)[number];
export type LoginMethod = 'password' | 'passkey' | '2fa' | 'recovery_code';

/**
 * Records one login attempt of a known account. Answers whether this agent had never logged in
 * to the account before (a new device), so the caller can tell the user.
 */
export async function recordLogin(
  db: Pick<Db, 'insert' | 'select'>,
  userId: number,
  origin: Origin,
  result: LoginResult,
  method: LoginMethod,
  at: Date,
): Promise<{ newDevice: boolean }> {
  const agent = origin.userAgent;
  let newDevice = false;
  if (result === 'ok') {
    const [seen] = await db
      .select({ id: loginHistory.id })
      .from(loginHistory)
      .where(
        and(
          eq(loginHistory.userId, userId),
          eq(loginHistory.result, 'ok'),
          agent === null ? undefined : eq(loginHistory.agent, agent),
        ),
      )
      .limit(1);
    newDevice = !seen;
  }
  await db
    .insert(loginHistory)
    .values({ userId, ip: origin.ip, agent, result, method, createdAt: at });
  return { newDevice };
}
