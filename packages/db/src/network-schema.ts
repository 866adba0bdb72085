import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, money } from './schema.ts';

/**
 * Operator settings of one coin on one network, edited in the console. A row exists only once
 * an operator saved something; a null deposit address and xpub mean "as the environment says"
 * (DEPOSIT_ADDRESSES / DEPOSIT_XPUBS, then demo addresses in demo mode). At most one of the two
 * is set. The xpub is a public extended key: a private one is refused before it gets here, and
 * the check below refuses it again.
 */
export const coinNetworks = pgTable(
  'coin_networks',
  {
    id: serial('id').primaryKey(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    network: text('network').notNull(),
    depositAddress: text('deposit_address'),
    depositXpub: text('deposit_xpub'),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    // Per withdrawal (the amount requested, fee included); null: no maximum.
    withdrawMax: money('withdraw_max'),
    // Per user and UTC day on this coin and network, requests not rejected; null: no limit.
    withdrawDailyAmount: money('withdraw_daily_amount'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_networks_coin_network_uq').on(t.coinId, t.network),
    check(
      'coin_networks_one_deposit_source',
      sql`${t.depositAddress} is null or ${t.depositXpub} is null`,
    ),
    check(
      'coin_networks_public_key_only',
      sql`${t.depositXpub} is null or ${t.depositXpub} !~* '^[a-z]prv'`,
    ),
    check(
      'coin_networks_limits_positive',
      sql`(${t.withdrawMax} is null or ${t.withdrawMax} > 0) and (${t.withdrawDailyAmount} is null or ${t.withdrawDailyAmount} > 0)`,
    ),
  ],
);
