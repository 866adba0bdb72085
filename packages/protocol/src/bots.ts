import { z } from 'zod';
import { decimal, epochMs, idField } from './fields.ts';
import { symbolField } from './market.ts';

/** Trading bots run by the exchange for the user: recurring buys (grid and DCA to come). */

export const BOT_KINDS = ['recurring'] as const;
export const BOT_STATES = ['running', 'stopped'] as const;
export const RECURRING_PERIODS = ['hour', 'day', 'week', 'month'] as const;
export type RecurringPeriod = (typeof RECURRING_PERIODS)[number];
/** Every order a bot places carries a client order id starting so (the Binance API shows it). */
export const BOT_CLIENT_PREFIX = 'hxbot-';

const blank = (v: unknown) => (v === '' ? undefined : v);
const positive = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'AMOUNT_REQUIRED' })
    .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'AMOUNT_REQUIRED' })
    .refine((v) => /[1-9]/.test(v), { error: 'AMOUNT_REQUIRED' }),
);

export const recurringBody = z.object({
  symbol: symbolField,
  amount: positive.describe('quote coin spent each period (USDT for BTCUSDT)'),
  every: z.enum(RECURRING_PERIODS, { error: 'VALIDATION' }),
  max_price: z.preprocess(blank, positive.optional()).describe('buy only at or below this price'),
  time_zone: z
    .preprocess(
      blank,
      z.string().max(64).refine(isTimeZone, { error: 'TIME_ZONE_INVALID' }).optional(),
    )
    .describe('IANA time zone whose calendar the days, weeks and months follow (default UTC)'),
  at: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'BOT_TIME_INVALID' })
        .optional(),
    )
    .describe('HH:MM on that clock to buy at (hourly: the minute); none: the first buy is now'),
});

/** Whether the runtime knows `zone` (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const botRun = z.object({
  period: z.number().int().describe('0 for the first period'),
  at: epochMs,
  status: z.enum(['bought', 'skipped']),
  reason: z.string().nullable().describe('why a run was skipped (an error code)'),
  order_id: z.number().int().nullable(),
  price: decimal.nullable().describe('average fill price'),
  amount: decimal.nullable().describe('base coin bought'),
  spent: decimal.nullable(),
});

export const botView = z.object({
  id: z.number().int(),
  kind: z.enum(BOT_KINDS),
  symbol: z.string(),
  status: z.enum(BOT_STATES),
  amount: decimal,
  every: z.enum(RECURRING_PERIODS),
  max_price: decimal.nullable(),
  time_zone: z.string().describe('the calendar its days, weeks and months follow'),
  at: z.string().nullable().describe('HH:MM it buys at on that clock; null: the time it started'),
  next_run_at: epochMs.nullable(),
  orders: z.array(z.number().int()).describe('ids of its open orders'),
  profit: decimal.nullable().describe('grid profit; null for a recurring buy'),
  arbitrages: z.number().int(),
  runs: z.array(botRun).describe('newest first'),
  created_at: epochMs,
});
export type BotView = z.infer<typeof botView>;

export const botList = z.object({ list: z.array(botView) });
export const botParams = z.object({ id: idField('BOT_NOT_FOUND') });
export const botStopBody = z.object({
  sell_base: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
});

/** The console's view of bots: every user's, and the pairs whose bots are paused. */
export const operatorBotsQuery = z.object({
  symbol: z.preprocess(blank, symbolField.optional()),
  status: z.preprocess(blank, z.enum(BOT_STATES, { error: 'VALIDATION' }).optional()),
});
export const operatorBot = botView.omit({ runs: true, orders: true }).extend({
  user_id: z.number().int(),
  runs: z.number().int().describe('periods run, bought or skipped'),
  bought: z.number().int().describe('periods that bought'),
  spent: decimal.describe('quote spent over all runs'),
  last_run_at: epochMs.nullable(),
});
export const operatorBotPair = z.object({
  symbol: z.string(),
  running: z.number().int().describe('running bots on the pair'),
  paused: z.boolean(),
  paused_at: epochMs.nullable(),
});
export const operatorBots = z.object({
  list: z.array(operatorBot).describe('newest first, at most 200'),
  pairs: z.array(operatorBotPair).describe('every spot pair'),
});
export const botPauseBody = z.object({
  paused: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()),
});
