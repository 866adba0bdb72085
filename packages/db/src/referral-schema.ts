import { index, integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { money, users } from './schema.ts';
import { tradingFees } from './spot-schema.ts';

/**
 * A referral rebate: the share of one trading fee credited to the user who invited the payer.
 * One row per fee (unique), so a fee is rebated once however often the job runs. `entryId` is
 * the ledger entry that paid it (null when the rebate rounds to zero).
 */
export const referralRebates = pgTable(
  'referral_rebates',
  {
    id: serial('id').primaryKey(),
    feeId: integer('fee_id')
      .notNull()
      .unique()
      .references(() => tradingFees.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id').notNull(),
    fee: money('fee').notNull(),
    rate: numeric('rate', { precision: 12, scale: 8 }).notNull(),
    amount: money('amount').notNull(),
    entryId: integer('entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_rebates_inviter_idx').on(t.inviterId, t.id)],
);
