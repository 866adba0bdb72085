import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A user's keys for trading from a program. The secret is shown once; only its SHA-256 is kept.
 * Secrets are longer than SHA-256's 64-byte block, so HMAC-SHA256 with the secret equals HMAC
 * with its hash (RFC 2104 hashes long keys first): the hash verifies signatures.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    /** The public half, sent as X-API-KEY. */
    key: text('key').notNull().unique(),
    /** SHA-256 (hex) of the secret; null for an Ed25519 key (it has no secret here). */
    secretHash: text('secret_hash'),
    /**
     * An Ed25519 key's public half (PEM), registered by the user: the server can check its
     * signatures (the Binance-compatible API) but holds nothing that can sign.
     */
    publicKey: text('public_key'),
    /** `read` or `read,trade`. */
    permissions: text('permissions').notNull(),
    /** Client addresses allowed to use the key (comma-separated); null: any. */
    ips: text('ips'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/** Signatures seen within the receive window: a repeated one is refused (replay). */
export const apiSignatures = pgTable(
  'api_signatures',
  {
    signature: text('signature').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('api_signatures_created_idx').on(t.createdAt)],
);

/**
 * A price alert: fired once, on the recorded ticks, when the symbol's price crosses `price`
 * (`above`/`below`), or moves `percent` in 24 h (`move`).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    /** above | below | move */
    condition: text('condition').notNull(),
    price: numeric('price', { precision: 36, scale: 18 }),
    /** For `move`: the 24 h change, in percent, that fires it (either direction). */
    percent: numeric('percent', { precision: 10, scale: 4 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    /** The recorded price that fired it. */
    firedPrice: numeric('fired_price', { precision: 36, scale: 18 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_waiting_idx')
      .on(t.symbol)
      .where(sql`${t.firedAt} is null and ${t.deletedAt} is null`),
  ],
);

/**
 * A user data stream's listenKey (the Binance-compatible API's older user stream): one per API
 * key, kept open 60 minutes from its last keep-alive. It only lets its holder read the account's
 * events, and a POST for the same key must answer with it again, so it is kept as it is.
 */
export const listenKeys = pgTable(
  'listen_keys',
  {
    listenKey: text('listen_key').primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .unique()
      .references(() => apiKeys.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('listen_keys_user_idx').on(t.userId)],
);
