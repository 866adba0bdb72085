import { z } from 'zod';
import { decimal, epochMs, idField } from './fields.ts';
import { symbolField } from './market.ts';

/**
 * Price alerts: a user is told (notification `price_alert`) once a recorded price of a symbol
 * reaches a level (`above` / `below` with `price`), or once its 24 h change reaches `percent`
 * either way (`move`, our extension).
 */
export const ALERT_CONDITIONS = ['above', 'below', 'move'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Waiting alerts one user may have at a time. */
export const ALERT_MAX_WAITING = 50;
/** Fired alerts the list shows (the most recent). */
export const ALERT_FIRED_SHOWN = 50;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const trimmed = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : blank(v);

/** A positive decimal string (numeric(36,18)); the symbol's own decimals are checked by the server. */
const alertPrice = z.preprocess(
  trimmed,
  z
    .string({ error: 'ALERT_PRICE_INVALID' })
    .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'ALERT_PRICE_INVALID' })
    .refine((v) => /[1-9]/.test(v), { error: 'ALERT_PRICE_INVALID' })
    .optional(),
);

/** Percent of a 24 h move, 0.1 to 100, at most 4 decimals (numeric(10,4)). */
const alertPercent = z.preprocess(
  trimmed,
  z
    .string({ error: 'ALERT_PERCENT_INVALID' })
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'ALERT_PERCENT_INVALID' })
    .refine((v) => Number(v) >= 0.1 && Number(v) <= 100, { error: 'ALERT_PERCENT_INVALID' })
    .optional(),
);

export const alertCreateBody = z
  .object({
    symbol: symbolField,
    condition: z.enum(ALERT_CONDITIONS, { error: 'ALERT_CONDITION_INVALID' }),
    price: alertPrice,
    percent: alertPercent,
  })
  .superRefine((body, ctx) => {
    if (body.condition === 'move' && body.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'ALERT_PERCENT_INVALID' });
    if (body.condition !== 'move' && body.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'ALERT_PRICE_INVALID' });
  });
export type AlertCreateBody = z.infer<typeof alertCreateBody>;

export const alertCreated = z.object({ id: z.number().int() });

export const alertItem = z.object({
  id: z.number().int(),
  symbol: z.string(),
  condition: z.enum(ALERT_CONDITIONS),
  price: decimal.nullable().describe('above / below: the level'),
  percent: decimal.nullable().describe('move: the 24 h change, in percent, either way'),
  created_at: epochMs,
  fired_at: epochMs.nullable(),
  fired_price: decimal.nullable().describe('the recorded price that fired it'),
});
export type AlertItem = z.infer<typeof alertItem>;

export const alertList = z.object({
  list: z.array(alertItem).describe('waiting ones first (newest first), then recent fired ones'),
});

export const alertIdParams = z.object({ id: idField('ALERT_NOT_FOUND') });
