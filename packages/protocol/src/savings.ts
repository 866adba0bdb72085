import { z } from 'zod';
import Decimal from 'decimal.js';
import { annualRate, nonNegativeDecimal, positiveDecimal } from './console-config.ts';
import { amountField, currencyField, decimal, epochMs } from './fields.ts';

/**
 * Flexible savings: per coin an annual rate in tiers by amount, interest accrued every hour and
 * paid daily into the savings balance, subscribe and redeem at any time.
 */

/** One band of the rate: the part of the balance up to `up_to` (null: the rest) earns `annual_rate`. */
export const savingsTier = z.object({
  up_to: decimal.nullable().describe('upper bound of the band; null: no bound (the last band)'),
  annual_rate: decimal.describe('0.05 is 5% a year'),
});
export type SavingsTier = z.infer<typeof savingsTier>;

export const savingsProduct = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  tiers: z.array(savingsTier),
  min_amount: decimal,
  redeem_quota: decimal.nullable().describe('instant redemption per UTC day; null: no limit'),
  redeem_left_today: decimal.nullable().describe("what is left of today's instant quota"),
});
export type SavingsProduct = z.infer<typeof savingsProduct>;

export const savingsHolding = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  amount: decimal.describe('earning: principal and the interest paid into it'),
  redeeming: decimal.describe('redemptions over the quota, paid at the next UTC day'),
  accrued: decimal.describe('interest accrued since the last daily payment'),
  earned_total: decimal,
  auto_subscribe: z.boolean(),
});
export type SavingsHolding = z.infer<typeof savingsHolding>;

export const savingsPayout = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  day: epochMs.describe('the UTC day the interest was earned'),
  amount: decimal,
});
export type SavingsPayout = z.infer<typeof savingsPayout>;

export const savingsOverview = z.object({
  products: z.array(savingsProduct),
  holdings: z.array(savingsHolding),
  history: z.array(savingsPayout).describe('daily payments, newest first (90 at most)'),
});
export type SavingsOverview = z.infer<typeof savingsOverview>;

export const savingsAmountBody = z.object({ currency_id: currencyField, amount: amountField });

export const savingsRedeemResult = z.object({
  currency_id: z.number().int(),
  amount: decimal,
  instant: z.boolean().describe('false: over the quota, paid at the next UTC day'),
  available_at: epochMs,
});
export type SavingsRedeemResult = z.infer<typeof savingsRedeemResult>;

export const savingsAutoBody = z.object({
  currency_id: currencyField,
  enabled: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()),
});

/** The console's terms of one coin's savings. */
export const configSavingsProductBody = z.object({
  enabled: z.boolean(),
  min_amount: nonNegativeDecimal,
  redeem_quota: positiveDecimal.nullable(),
  tiers: z
    .array(z.object({ up_to: positiveDecimal.nullable(), annual_rate: annualRate }))
    .min(1)
    .max(10)
    .superRefine((tiers, ctx) => {
      const bounds = tiers.map((t) => t.up_to);
      const last = bounds.pop();
      if (last !== null || bounds.some((b) => b === null))
        ctx.addIssue({ code: 'custom', message: 'CONFIG_SAVINGS_TIERS' });
      else if (bounds.some((b, i) => i > 0 && new Decimal(b!).lte(bounds[i - 1]!)))
        ctx.addIssue({ code: 'custom', message: 'CONFIG_SAVINGS_TIERS' });
    }),
});
export const configSavingsProduct = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  enabled: z.boolean(),
  min_amount: decimal,
  redeem_quota: decimal.nullable(),
  tiers: z.array(savingsTier),
});
export const savingsCoinParams = z.object({ currency_id: currencyField });
