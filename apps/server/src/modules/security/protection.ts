import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  WHITELIST_WAIT_MS,
  type SecurityState,
  type WhitelistState,
  type antiPhishingBody,
  type whitelistBody,
} from '@hx/protocol';
import { accountSecurity, passkeys, twoFactor, type Db } from '@hx/db';
import type { z } from 'zod';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { verifyPayPassword } from './pay-password.ts';
import { checkTotp, spendTotp } from '../verification/authenticator.ts';
import { MailedAfterCommit } from '../notifications/security-notice.ts';

type Teller = Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>;

/**
 * A time in a refusal or a notice (`2026-12-08 09:30 UTC`): UTC to the minute, rounded up so it
 * never names a moment too early.
 */
export function utcMinute(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${minute.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

type Protections = typeof accountSecurity.$inferSelect;

export async function protectionsOf(
  db: Pick<Db, 'select'>,
  userId: number,
): Promise<Protections | undefined> {
  const [row] = await db.select().from(accountSecurity).where(eq(accountSecurity.userId, userId));
  return row;
}

/** The whitelist as it applies at `now`: a requested switch-off counts once its time came. */
export function whitelistAt(row: Protections | undefined, now: Date): WhitelistState {
  if (!row?.whitelist) return { on: false, off_at: null };
  if (row.whitelistOffAt && row.whitelistOffAt <= now) return { on: false, off_at: null };
  return { on: true, off_at: row.whitelistOffAt?.getTime() ?? null };
}

/** The end of the withdrawal lock, or null when withdrawals are open at `now`. */
export function lockedUntil(row: Protections | undefined, now: Date): Date | null {
  const until = row?.withdrawLockedUntil;
  return until && until > now ? until : null;
}

/** When a saved address (or card) can receive under an active whitelist; null: it can now. */
export function usableAt(savedAt: Date, whitelist: WhitelistState, now: Date): Date | null {
  if (!whitelist.on) return null;
  const at = new Date(savedAt.getTime() + WHITELIST_WAIT_MS);
  return at > now ? at : null;
}

/** Enough of the code for its owner to recognise it, not enough to forge a mail with it. */
export function maskPhrase(phrase: string): string {
  const chars = [...phrase];
  const shown = chars.length >= 6 ? 2 : 1;
  return `${chars.slice(0, shown).join('')}${'*'.repeat(chars.length - 2 * shown)}${chars.slice(-shown).join('')}`;
}

/**
 * `GET user/security`. Authenticator and passkeys are read from their own tables, so this is
 * right whichever module writes them.
 */
export async function securityState(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
): Promise<SecurityState> {
  const now = app.clock.now();
  const [row, [totp], [keys]] = await Promise.all([
    protectionsOf(app.db, user.id),
    app.db
      .select({ n: count() })
      .from(twoFactor)
      .where(
        and(
          eq(twoFactor.subject, 'user'),
          eq(twoFactor.subjectId, user.id),
          isNotNull(twoFactor.enabledAt),
        ),
      ),
    app.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)),
  ]);
  return {
    login_password: true,
    fund_password: user.payPasswordHash !== null,
    two_factor: (totp?.n ?? 0) > 0,
    passkeys: keys?.n ?? 0,
    anti_phishing: row?.antiPhishing ? maskPhrase(row.antiPhishing) : null,
    whitelist: whitelistAt(row, now),
    withdraw_locked_until: lockedUntil(row, now)?.getTime() ?? null,
  };
}

/**
 * A protection change is the owner's: the authenticator code first while 2FA is on (so without
 * it the answer never tells a right fund password), then the fund password. The code is spent
 * with the change itself.
 */
async function confirmed(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  body: { pay_password: string; totp?: string },
) {
  const totp = await checkTotp(app, user.id, body.totp);
  await verifyPayPassword(app, user, body.pay_password);
  return totp;
}

/** Sets or changes the phrase every mail to the user shows; the user is told (the mail shows it). */
export async function setAntiPhishing(
  app: Teller,
  user: User,
  body: z.output<typeof antiPhishingBody>,
): Promise<SecurityState> {
  const totp = await confirmed(app, user, body);
  const now = app.clock.now();
  const after = new MailedAfterCommit();
  await app.db.transaction(async (tx) => {
    await spendTotp(tx, user.id, totp, now);
    await tx
      .insert(accountSecurity)
      .values({ userId: user.id, antiPhishing: body.anti_phishing, updatedAt: now })
      .onConflictDoUpdate({
        target: accountSecurity.userId,
        set: { antiPhishing: body.anti_phishing, updatedAt: now },
      });
    await after.notify(tx, {
      userId: user.id,
      kind: 'security_anti_phishing_set',
      facts: {},
      at: now,
    });
  });
  await after.send(app);
  return securityState(app, user);
}

/**
 * The whitelist: on at once (protecting is never delayed), off only 24 h after asking, so a
 * thief holding the session cannot switch it off and withdraw to a new address the same day.
 * Asking again while the switch-off waits keeps the first time; switching on cancels it. A new
 * switch-off is told in the bell and by mail, so the owner can cancel one they did not ask for.
 */
export async function setWhitelist(
  app: Teller,
  user: User,
  body: z.output<typeof whitelistBody>,
): Promise<SecurityState> {
  const totp = await confirmed(app, user, body);
  const now = app.clock.now();
  const after = new MailedAfterCommit();
  await app.db.transaction(async (tx) => {
    await spendTotp(tx, user.id, totp, now);
    await tx
      .insert(accountSecurity)
      .values({ userId: user.id, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(accountSecurity)
      .where(eq(accountSecurity.userId, user.id))
      .for('update');
    const current = whitelistAt(row, now);
    const next = body.on
      ? { whitelist: true, whitelistOffAt: null }
      : current.on
        ? {
            whitelist: true,
            whitelistOffAt: current.off_at
              ? new Date(current.off_at)
              : new Date(now.getTime() + WHITELIST_WAIT_MS),
          }
        : { whitelist: false, whitelistOffAt: null };
    await tx
      .update(accountSecurity)
      .set({ ...next, updatedAt: now })
      .where(eq(accountSecurity.userId, user.id));
    if (next.whitelistOffAt && !current.off_at)
      await after.notify(tx, {
        userId: user.id,
        kind: 'security_whitelist_off_requested',
        facts: { off_at: utcMinute(next.whitelistOffAt) },
        at: now,
      });
  });
  await after.send(app);
  return securityState(app, user);
}
