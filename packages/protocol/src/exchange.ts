import { z } from 'zod';
import { amountField, currencyField, decimal, epochMs } from './fields.ts';

/** The least the user accepts to receive: the confirmed quote less the slippage the app allows. */
const minReceive = z.preprocess(
  (v) =>
    typeof v === 'number'
      ? String(v)
      : typeof v === 'string' && v.trim() !== ''
        ? v.trim()
        : undefined,
  z
    .string()
    .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'AMOUNT_INVALID' })
    .optional(),
);
/** Slippage the app accepts between the confirmed quote and the price at execution. */
export const CONVERSION_SLIPPAGE = '0.005';

/** Conversion between coins at the reference price, with a fee taken in the received coin. */
export const exchangeBody = z
  .object({
    from_currency_id: currencyField,
    to_currency_id: currencyField,
    number: amountField,
    min_to_number: minReceive,
  })
  .superRefine((v, ctx) => {
    if (v.from_currency_id === v.to_currency_id)
      ctx.addIssue({ code: 'custom', path: ['to_currency_id'], message: 'CONVERSION_SAME_COIN' });
  });
export type ExchangeBody = z.input<typeof exchangeBody>;

/** What a conversion gives, before it is confirmed; `price` is `to` per one `from`. */
export const exchangeQuote = z.object({
  from_number: decimal,
  to_number: decimal,
  price: decimal,
  fee: decimal,
  fee_rate: decimal,
  /** When the prices used were recorded. */
  price_time: epochMs,
});
export type ExchangeQuote = z.infer<typeof exchangeQuote>;

export const exchangeResult = exchangeQuote.extend({ id: z.number().int() });
