import { z } from 'zod';
import { amountField, decimal, epochMs, idField, pageFields } from './fields.ts';

/** Wealth (trust / custody): products, custody orders, early redemption. */

export const FINANCE_ORDER_STATES = ['custody', 'completed', 'redeemed'] as const;
export type FinanceOrderState = (typeof FINANCE_ORDER_STATES)[number];
/** The early-redemption ratio, when a product names none, is this many times its daily rate. */
export const PENALTY_MULTIPLE = '1.5';

export const financeProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  days: z.number().int(),
  min_amount: decimal,
  max_amount: decimal.nullable().describe('null: no maximum'),
  daily_rate: decimal.describe('0.004 is 0.4% a day'),
  penalty_rate: decimal.describe('ratio × remaining days × principal is the penalty'),
  total_rate: decimal.describe('daily rate × days'),
});
export type FinanceProduct = z.infer<typeof financeProduct>;

/** The rules, with the spec's worked examples computed by the server's own formulas. */
export const financeConfig = z.object({
  penalty_multiple: decimal,
  interest_example: z.object({
    amount: decimal,
    daily_rate: decimal,
    days: z.number().int(),
    daily: decimal,
    total: decimal,
  }),
  penalty_example: z.object({
    amount: decimal,
    penalty_rate: decimal,
    days_left: z.number().int(),
    penalty: decimal,
  }),
});
export type FinanceConfig = z.infer<typeof financeConfig>;

const coinTotals = {
  invested: decimal,
  earned_today: decimal,
  earned_total: decimal,
};
/** The user's totals: in USDT (other coins at their last recorded price), and per coin. */
export const financeReport = z.object({
  ...coinTotals,
  orders_in_custody: z.number().int(),
  coins: z.array(
    z.object({ currency_id: z.number().int(), currency_name: z.string(), ...coinTotals }),
  ),
});
export type FinanceReport = z.infer<typeof financeReport>;

export const financeBuyBody = z.object({
  product_id: idField('FINANCE_PRODUCT_INVALID'),
  amount: amountField,
  agree: z.preprocess(
    (v) => (v === true || v === 1 || v === '1' || v === 'true' ? '1' : undefined),
    z.literal('1', { error: 'FINANCE_AGREEMENT_REQUIRED' }),
  ),
});
export type FinanceBuyBody = z.input<typeof financeBuyBody>;

export const financeOrder = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  amount: decimal,
  daily_rate: decimal,
  penalty_rate: decimal,
  days: z.number().int(),
  days_paid: z.number().int(),
  days_left: z.number().int(),
  daily_income: decimal,
  expected_total: decimal,
  earned: decimal,
  penalty_if_redeemed: decimal.describe('what redeeming now would cost; "0" once closed'),
  penalty: decimal.nullable(),
  returned: decimal.nullable(),
  status: z.enum(FINANCE_ORDER_STATES),
  created_at: epochMs,
  end_at: epochMs,
  closed_at: epochMs.nullable(),
});
export type FinanceOrder = z.infer<typeof financeOrder>;

export const financeOrderQuery = z.object({
  status: z.enum(FINANCE_ORDER_STATES).default('custody'),
  ...pageFields,
});

export const financeCancelBody = z.object({ id: idField('ORDER_NOT_FOUND') });
export const financeCancelResult = z.object({
  id: z.number().int(),
  principal: decimal,
  penalty: decimal,
  returned: decimal,
});
export type FinanceCancelResult = z.infer<typeof financeCancelResult>;
