import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, coins, money, users } from './schema.ts';

/**
 * Identity and money: uploads, KYC, withdraw addresses, bank cards, deposit and withdrawal
 * requests, transfers, idempotent requests, and the operator side (sessions, audit log).
 * Balances themselves live only in the ledger (ledger-schema.ts).
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/** An uploaded image: private to its owner and operators, named by a random public id. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    // Random, url-safe: the file name on disk and the last part of /api/upload/<publicId>.
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);

/** One KYC submission; the user's current states are users.kyc_basic / users.kyc_advanced. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    level: text('level').notNull().$type<'basic' | 'advanced'>(),
    status: text('status').notNull().default('review').$type<'review' | 'verified' | 'rejected'>(),
    // basic
    country: text('country'),
    name: text('name'),
    idNumber: text('id_number'),
    // advanced: contact address and three upload urls
    address: text('address'),
    front: text('front'),
    back: text('back'),
    hand: text('hand'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_user_idx').on(t.userId, t.level, t.id),
    index('kyc_status_idx').on(t.status, t.id),
    check('kyc_level', sql`${t.level} in ('basic', 'advanced')`),
    check('kyc_status', sql`${t.status} in ('review', 'verified', 'rejected')`),
  ],
);

export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    // The user's own name for it ("My Ledger"), shown when choosing and confirming.
    label: text('label'),
    createdAt: createdAt(),
    // Deleted addresses are kept: withdrawals refer to them.
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('withdraw_addresses_user_idx').on(t.userId, t.coinId),
    uniqueIndex('withdraw_addresses_live_uq')
      .on(t.userId, t.coinId, t.network, t.address)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The cardholder's full name.
    name: text('name').notNull(),
    // Card number or (international) bank account number.
    cardNumber: text('card_number').notNull(),
    depositaryBank: text('depositary_bank').notNull(),
    branch: text('branch').notNull(),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    swiftCode: text('swift_code').notNull(),
    payeeAddress: text('payee_address').notNull(),
    zipCode: text('zip_code').notNull(),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('bank_cards_user_idx').on(t.userId)],
);

const reviewStatus = (name: string) =>
  text(name).notNull().default('review').$type<'review' | 'passed' | 'rejected'>();

/**
 * A deposit: one the user reports (chain or bank transfer, with a voucher), credited only when an
 * operator passes it; or one a chain watcher saw arrive (tx_hash set, no voucher): `confirming`
 * until it has its network's confirmations, then `passed` (credited), or `dropped` when its block
 * was replaced before that (seen again in a later block, it is confirming again).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    // A chain network, or BANK for a bank transfer.
    network: text('network').notNull(),
    // The platform address (or bank account) shown to the user when they asked.
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    // What the operator credited when it differs from what the user reported (audited).
    creditedAmount: money('credited_amount'),
    // Upload url of the transfer voucher (null for a deposit a chain watcher found).
    voucher: text('voucher'),
    status: text('status')
      .notNull()
      .default('review')
      .$type<'review' | 'passed' | 'rejected' | 'confirming' | 'dropped'>(),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
    // Found on chain: the transaction, the log (-1: the transaction's own value), its block.
    txHash: text('tx_hash'),
    logIndex: integer('log_index'),
    fromAddress: text('from_address'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    // Confirmations seen so far, and how many the network needs (at the time it was seen).
    confirmations: integer('confirmations'),
    confirmationsRequired: integer('confirmations_required'),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt, t.id),
    index('deposits_status_idx').on(t.status, t.id),
    uniqueIndex('deposits_chain_uq')
      .on(t.network, t.txHash, t.logIndex)
      .where(sql`${t.txHash} is not null`),
    check(
      'deposits_status',
      sql`${t.status} in ('review', 'passed', 'rejected', 'confirming', 'dropped')`,
    ),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_evidence', sql`${t.voucher} is not null or ${t.txHash} is not null`),
  ],
);

/** A withdrawal request: its amount stays frozen until an operator passes or rejects it. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    // A chain network, or BANK for a withdrawal to a bank card.
    network: text('network').notNull(),
    addressId: integer('address_id').references(() => withdrawAddresses.id),
    bankCardId: integer('bank_card_id').references(() => bankCards.id),
    // What the funds are sent to, copied at request time (chain address or card summary).
    destination: text('destination').notNull(),
    bank: jsonb('bank').$type<Record<string, string>>(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    receive: money('receive').notNull(),
    remark: text('remark'),
    status: reviewStatus('status'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    reviewedAt: at('reviewed_at'),
    // Four eyes: above the configured amount, the first operator's pass waits for a second.
    firstPassedBy: integer('first_passed_by').references(() => admins.id),
    firstPassedAt: at('first_passed_at'),
    createdAt: createdAt(),
    // Paid by the signer (networks with a hot wallet): null for a withdrawal paid by hand;
    // queued once passed, sent with its transaction, confirmed, or failed (back to review).
    chainStatus: text('chain_status').$type<'queued' | 'sent' | 'confirmed' | 'failed'>(),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    confirmations: integer('confirmations'),
    // Why the last broadcast failed, kept for the operator.
    chainError: text('chain_error'),
    sentAt: at('sent_at'),
    // The chain status the user was last told of (sent, confirmed, failed; chain/payout-notices.ts).
    chainTold: text('chain_told'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_status', sql`${t.status} in ('review', 'passed', 'rejected')`),
    check('withdrawals_amounts', sql`${t.receive} > 0 and ${t.fee} >= 0`),
    check(
      'withdrawals_chain_status',
      sql`${t.chainStatus} is null or ${t.chainStatus} in ('queued', 'sent', 'confirmed', 'failed')`,
    ),
    index('withdrawals_chain_idx')
      .on(t.network, t.chainStatus)
      .where(sql`${t.chainStatus} in ('queued', 'sent')`),
  ],
);

/** A move between two of a user's sub-accounts (currency, options, contract, trust). */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transfers_user_idx').on(t.userId, t.createdAt, t.id)],
);

/**
 * Work done once per key, the one idempotency mechanism (@hx/ledger's claims.ts): a user's
 * Idempotency-Key, or (no user) a key of the platform's own jobs, such as an option's
 * settlement entry. The row is written in the same transaction as the work, with its answer, so
 * a repeat (or a concurrent twin) returns the stored result.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    // sha256 of the request fields, secrets (fund password, codes) left out.
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key),
    uniqueIndex('idempotency_keys_platform_key_uq')
      .on(t.key)
      .where(sql`${t.userId} is null`),
  ],
);

/** Operator sessions: like user sessions, the token is stored only as its sha256. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/** Every operator action: who, what, on what, the status before and after, why, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The operator who acted; null for what the system does by itself (demo funds). */
    adminId: integer('admin_id').references(() => admins.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    before: text('before'),
    after: text('after'),
    reason: text('reason'),
    createdAt: createdAt(),
    /**
     * The chain (apps/server/src/modules/operator-core/audit-chain.ts): the hash of the row
     * before (64 zeros for the first) and sha256 over this row's fields and that hash.
     */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_target_idx').on(t.targetType, t.targetId)],
);
