import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Locale, Scene } from '@hx/protocol';
import { verificationCodes } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { newCode, sha256 } from '../../lib/tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_INTERVAL_MS = 60_000;
export const CODES_PER_HOUR_PER_DESTINATION = 10;
export const CODES_PER_HOUR_PER_ADDRESS = 30;
const MAX_ATTEMPTS = 5;
const HOUR = 3_600_000;

/** Email lowercased; phone as area code and digits, e.g. 8613800000000. */
export function destinationOf(account: string, areaCode?: string): string {
  return account.includes('@') ? account.toLowerCase() : `${areaCode ?? ''}${account}`;
}

export interface CodeRequest {
  channel: 'sms' | 'mail';
  destination: string;
  scene: Scene;
  ip: string;
  lang: Locale;
}

/**
 * Issues a 6-digit code, within the limits, and sends it. The one-a-minute wait is per
 * destination *and* purpose (scene): setting the fund password and then adding an address, or
 * registering and then resetting the password, never waits on the other purpose's code. The
 * hourly caps count every purpose, so a mailbox or phone still cannot be flooded.
 */
export async function issueCode(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db' | 'sender'>,
  request: CodeRequest,
): Promise<void> {
  const now = app.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR);
  const recent = await app.db
    .select({ createdAt: verificationCodes.createdAt, scene: verificationCodes.scene })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.destination, request.destination),
        gt(verificationCodes.createdAt, hourAgo),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
  const latest = recent.find((code) => code.scene === request.scene);
  if (latest && now.getTime() - latest.createdAt.getTime() < CODE_INTERVAL_MS)
    throw new AppError('CODE_TOO_SOON');
  if (recent.length >= CODES_PER_HOUR_PER_DESTINATION) throw new AppError('CODE_LIMIT');
  if (!app.config.rateLimitAllow.includes(request.ip)) {
    const [fromAddress] = await app.db
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.ip, request.ip), gt(verificationCodes.createdAt, hourAgo)));
    if ((fromAddress?.n ?? 0) >= CODES_PER_HOUR_PER_ADDRESS) throw new AppError('CODE_LIMIT');
  }

  const code = newCode();
  await app.sender.send({ ...request, code });
  await app.db.insert(verificationCodes).values({
    destination: request.destination,
    scene: request.scene,
    codeHash: sha256(`${request.destination}:${code}`),
    ip: request.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
}

/**
 * Uses up the latest live code of the destination and scene. A wrong guess counts an attempt;
 * after five the code is dead, so a code cannot be guessed within its lifetime.
 */
export async function consumeCode(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  destination: string,
  scene: Scene,
  code: string,
): Promise<void> {
  const now = app.clock.now();
  const [live] = await app.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.destination, destination),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!live) throw new AppError('CODE_INVALID');
  // The attempt is counted in the row before the code is compared, in one statement, so
  // concurrent guesses cannot all read the same count and slip past the limit.
  const [counted] = await app.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, live.id), lt(verificationCodes.attempts, MAX_ATTEMPTS)))
    .returning({ id: verificationCodes.id });
  if (!counted || live.codeHash !== sha256(`${destination}:${code}`))
    throw new AppError('CODE_INVALID');
  const used = await app.db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  // Two requests racing with the same code: only one wins.
  if (used.length === 0) throw new AppError('CODE_INVALID');
}

/** The caller's own code destination: their email, else area code and phone. */
export function destinationOfUser(user: User): string {
  return destinationOf(user.email ?? user.phone ?? '', user.areaCode ?? undefined);
}
