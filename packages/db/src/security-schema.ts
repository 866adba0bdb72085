import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * An authenticator app (TOTP) for a user or an operator (`subject` 'user' or 'admin'). The secret
 * waits in `pending_secret` until the first code proves it was scanned; `last_step` is the last
 * accepted 30-second step, so a code is accepted once.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    secret: text('secret'),
    pendingSecret: text('pending_secret'),
    enabledAt: at('enabled_at'),
    lastStep: bigint('last_step', { mode: 'number' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.subjectId] }),
    check('two_factor_subject', sql`${t.subject} in ('user', 'admin')`),
  ],
);

/** One-time recovery codes, stored as their sha256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_subject_idx').on(t.subject, t.subjectId)],
);

/** A password login that still needs its second factor: the ticket is stored as its sha256. */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    ticketHash: text('ticket_hash').notNull().unique(),
    ip: text('ip'),
    agent: text('agent'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_tickets_subject_idx').on(t.subject, t.subjectId)],
);

/** WebAuthn credentials (passkeys). Public keys and ids are base64url. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_uq').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/** Challenges handed to the browser for registration or login; each is used once. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [check('webauthn_challenges_purpose', sql`${t.purpose} in ('register', 'login')`)],
);

/** Every login attempt of a known account: when, from where, how, and how it ended. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    agent: text('agent'),
    /** ok, wrong_password, wrong_code, wrong_passkey, locked, need_2fa, code_required */
    result: text('result').notNull(),
    /** password, passkey, 2fa, recovery_code */
    method: text('method').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.id)],
);

/**
 * A user's account protections beside the password. `withdraw_locked_until` is set for 24 h
 * after a password reset, a 2FA disable or a new passkey; with `whitelist` on, only addresses
 * older than 24 h receive withdrawals, and turning it off takes effect at `whitelist_off_at`.
 */
export const accountSecurity = pgTable('account_security', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  antiPhishing: text('anti_phishing'),
  withdrawLockedUntil: at('withdraw_locked_until'),
  whitelist: boolean('whitelist').notNull().default(false),
  whitelistOffAt: at('whitelist_off_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
