import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { loginFailures } from '@hx/db';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';

export const LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** From the third failure on, each answer waits a little longer (capped). */
const SLOW_FROM = 3;
const SLOW_STEP_MS = 250;
const SLOW_CAP_MS = 2000;

const accountKey = (destination: string) => `account:${destination}`;
const addressKey = (ip: string) => `ip:${ip}`;

async function failuresSince(app: App, key: string): Promise<number> {
  const since = new Date(app.clock.now().getTime() - LOCK_WINDOW_MS);
  const [row] = await app.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

const lockedError = () => new AppError('LOGIN_LOCKED', { minutes: LOCK_WINDOW_MS / 60_000 });

/** Refuses a login attempt while the account or the address is locked. */
export async function assertNotLocked(app: App, destination: string, ip: string): Promise<void> {
  if ((await failuresSince(app, accountKey(destination))) >= MAX_FAILURES_PER_ACCOUNT)
    throw lockedError();
  if ((await failuresSince(app, addressKey(ip))) >= MAX_FAILURES_PER_ADDRESS) throw lockedError();
}

/** Records a failed login and slows the answer; the attempt that reaches the limit locks. */
export async function recordFailure(
  app: App,
  destination: string,
  ip: string,
  delay = sleep,
): Promise<never> {
  const at = app.clock.now();
  await app.db.insert(loginFailures).values([
    { key: accountKey(destination), createdAt: at },
    { key: addressKey(ip), createdAt: at },
  ]);
  const failures = await failuresSince(app, accountKey(destination));
  if (failures >= SLOW_FROM)
    await delay(Math.min((failures - SLOW_FROM + 1) * SLOW_STEP_MS, SLOW_CAP_MS));
  if (failures >= MAX_FAILURES_PER_ACCOUNT) throw lockedError();
  throw new AppError('LOGIN_FAILED');
}

export async function clearFailures(app: App, destination: string): Promise<void> {
  await app.db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(destination)]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
