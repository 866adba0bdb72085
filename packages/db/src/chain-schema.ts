import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { withdrawals } from './money-schema.ts';

/**
 * The chain watchers' and the signer's own state (apps/server/src/modules/chain). Deposits found
 * on chain and the withdrawals paid on chain keep their money facts in `deposits` and
 * `withdrawals` (money-schema.ts); these tables only say how far each watcher got.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per watched network: the last block processed, and the chain's head when last asked. */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  head: bigint('head', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The hashes of the recent blocks a watcher processed, so a block replaced by a reorg is noticed
 * (a new block whose parent is not the stored hash) and undone down to the common ancestor.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

/**
 * Every transaction the signer signed for a withdrawal, the replacements of a stuck one included
 * (same nonce, higher fee): written before it is broadcast, so a restart sends the same bytes
 * again instead of paying twice.
 */
export const chainTxs = pgTable(
  'chain_txs',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    network: text('network').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: integer('nonce').notNull(),
    txHash: text('tx_hash').notNull().unique(),
    raw: text('raw').notNull(),
    // Wei per gas, as decimal strings.
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('chain_txs_withdrawal_idx').on(t.withdrawalId, t.id),
    index('chain_txs_nonce_idx').on(t.network, t.fromAddress, t.nonce),
  ],
);

/** An input of a Bitcoin payout: a hot wallet output, and where its key is (`/branch/index`). */
export interface BitcoinInput {
  txid: string;
  vout: number;
  value: string;
  branch: number;
  index: number;
}

/**
 * Every Bitcoin payout the signer signed: one transaction pays the withdrawals that waited
 * together (`withdrawal_ids`), its change going to the hot wallet's `/1/<change_index>`. A
 * stuck one is replaced once by a higher-fee version spending the same inputs (`replaces`).
 * Written before it is broadcast, so a restart sends the same bytes again.
 */
export const bitcoinTxs = pgTable(
  'bitcoin_txs',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    txid: text('txid').notNull().unique(),
    raw: text('raw').notNull(),
    withdrawalIds: integer('withdrawal_ids').array().notNull(),
    inputs: jsonb('inputs').$type<BitcoinInput[]>().notNull(),
    changeIndex: integer('change_index'),
    // Satoshis, and sat/vB, as decimal strings.
    fee: text('fee').notNull(),
    feeRate: text('fee_rate').notNull(),
    replaces: integer('replaces'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('bitcoin_txs_network_idx').on(t.network, t.id)],
);
