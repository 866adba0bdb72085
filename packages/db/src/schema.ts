import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money and prices: numeric(36,18) everywhere, read and written as decimal strings. */
export const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const coins = pgTable('coins', {
  // currency_id of the contract: BTC 1, ETH 2, USDT 3.
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  fullName: text('full_name').notNull(),
  decimals: integer('decimals').notNull(),
  networks: jsonb('networks').$type<string[]>().notNull().default([]),
  isBase: boolean('is_base').notNull().default(false),
  depositMin: money('deposit_min').notNull().default('0'),
  withdrawMin: money('withdraw_min').notNull().default('0'),
  withdrawFee: money('withdraw_fee').notNull().default('0'),
  sort: integer('sort').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').unique(),
    areaCode: text('area_code'),
    phone: text('phone'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: integer('invited_by'),
    lang: text('lang').notNull().default('en'),
    kycBasic: text('kyc_basic').notNull().default('unverified'),
    kycAdvanced: text('kyc_advanced').notNull().default('unverified'),
    frozen: boolean('frozen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.areaCode, t.phone),
    index('users_invited_by_idx').on(t.invitedBy),
    check('users_has_account', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // sha256 of the opaque token; the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    // Email, or area code and phone digits without '+', e.g. 8613800000000.
    destination: text('destination').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('codes_destination_idx').on(t.destination, t.createdAt),
    index('codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** What the demo sender "sent": read by GET /api/dev/outbox and the console's outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    scene: text('scene').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_destination_idx').on(t.destination, t.id)],
);

/** Failed logins, per account and per address, for slowing down and locking out guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt)],
);

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A change of the operators themselves or of the four-eyes rule that needs a second admin
 * (operator/pending-actions.ts): raising the threshold, adding an operator, resetting another's
 * password or authenticator. `summary` is what the console shows; `secret` a new password's
 * hash until it is applied (never shown, cleared when decided). With no other admin, the one who
 * asked may apply it from `due_at` (24 h later).
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    targetId: integer('target_id'),
    summary: jsonb('summary').$type<Record<string, string>>().notNull(),
    secret: text('secret'),
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => admins.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('operator_actions_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('operator_actions_status', sql`${t.status} in ('pending', 'approved', 'cancelled')`),
  ],
);

/** Numbers a process needs once, e.g. the seed version. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
