import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { webauthnChallenges } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';

/** How long the browser has to answer a challenge (the options ask for 60 s; some slack). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type Purpose = 'register' | 'login';

/** Keeps a challenge handed to the browser; the expired ones are cleared on the way. */
export async function keepChallenge(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  purpose: Purpose,
  challenge: string,
  userId: number | null,
): Promise<void> {
  const now = app.clock.now();
  await app.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await app.db.insert(webauthnChallenges).values({
    purpose,
    challenge,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
}

/**
 * Uses up a challenge the browser signed: it must be ours, for this purpose (and user), unused
 * and unexpired. One statement, so two answers racing with the same challenge cannot both pass.
 */
export async function useChallenge(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  purpose: Purpose,
  challenge: string,
  userId: number | null,
): Promise<void> {
  const now = app.clock.now();
  const used = await app.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  if (used.length === 0) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
}
