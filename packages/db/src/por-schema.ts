import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, users } from './schema.ts';

/** A proof-of-liabilities snapshot: published roots never change once written. */
export const porSnapshots = pgTable('por_snapshots', {
  id: serial('id').primaryKey(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  /** daily or operator */
  trigger: text('trigger').notNull(),
  adminId: integer('admin_id').references(() => admins.id),
});

/** One Merkle-sum root per coin; `sum` is an integer in the coin's smallest unit, as text. */
export const porRoots = pgTable(
  'por_roots',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => porSnapshots.id),
    coinId: integer('coin_id').notNull(),
    hash: text('hash').notNull(),
    sum: text('sum').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.coinId] })],
);

/** The leaves a root was built from, so a user's path can be rebuilt on request. */
export const porLeaves = pgTable(
  'por_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => porSnapshots.id),
    coinId: integer('coin_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    nonce: text('nonce').notNull(),
    userHash: text('user_hash').notNull(),
    sum: text('sum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.coinId, t.userId] }),
    index('por_leaves_order_idx').on(t.snapshotId, t.coinId, t.userHash),
  ],
);

/** On-chain reserves at a snapshot, where a chain watcher is configured (issue 20). */
export const porReserves = pgTable(
  'por_reserves',
  {
    id: serial('id').primaryKey(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => porSnapshots.id),
    coinId: integer('coin_id').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: text('amount').notNull(),
  },
  (t) => [index('por_reserves_snapshot_idx').on(t.snapshotId)],
);
