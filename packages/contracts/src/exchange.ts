import { z } from 'zod';
import { amountField, currencyField, decimal, epochMs } from './fields.ts';

/** Conversion between coins at the reference price, with a fee taken in the received coin. */
export const exchangeBody = z
  .object({ from_currency_id: currencyField, to_currency_id: currencyField, number: amountField })
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
