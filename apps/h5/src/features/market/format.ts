import type { MarketQuote } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { compactAmount, directionOf, formatChange, learnPrecision } from '../../lib/market.ts';
import { floorFormat } from '../../lib/number.ts';
import type { Pricing } from '../pricing/usePricing.ts';

type Quote = Pick<MarketQuote, 'symbol' | 'price' | 'change' | 'high' | 'low' | 'volume'> & {
  open?: string | null;
  price_precision?: number;
};

/** A quote's fields as shown: prices at the symbol's precision, floored, in the language's style. */
export function useQuoteText(quote: Quote | undefined) {
  const locale = useLocale();
  if (!quote) return null;
  const precision =
    quote.price_precision ??
    learnPrecision(quote.symbol, quote.price, quote.high, quote.low, quote.open);
  const price = (value: string | null | undefined) =>
    value ? floorFormat(value, precision, locale) : '--';
  // High and low are read by the quote header only: a list row does not format them.
  return {
    precision,
    price: price(quote.price),
    get high() {
      return price(quote.high);
    },
    get low() {
      return price(quote.low);
    },
    volume: compactAmount(quote.volume, locale),
    change: formatChange(quote.change, locale),
    direction: directionOf(quote.change),
  };
}

export const klinePath = (symbol: string) => `/pages/trade/kline?symbol=${symbol}`;

/** The price in the pricing currency, for quotes in dollars when another currency is chosen. */
export function estimateOf(quote: MarketQuote, pricing: Pricing): string | undefined {
  // A forex rate is not an amount of money: only coins and futures get an estimate.
  const dollars = (quote.quote === 'USDT' || quote.quote === 'USD') && quote.kind !== 'forex';
  return dollars && quote.price && pricing.currency !== 'USD'
    ? pricing.format(quote.price)
    : undefined;
}
