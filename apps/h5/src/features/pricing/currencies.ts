import { Decimal, floorTo, isDecimal } from '@hx/money';

/**
 * The currencies totals can be shown in, and how each one's rate comes from the forex quotes.
 * Amounts on the exchange are in USDT, counted here as US dollars. A currency whose forex symbol
 * the market does not quote has no rate: it is listed but cannot be chosen (no made-up rates).
 */
export const PRICING_CURRENCIES = ['USD', 'CNY', 'EUR', 'JPY', 'KRW', 'THB', 'HKD'] as const;
export type PricingCurrency = (typeof PRICING_CURRENCIES)[number];

export interface CurrencyRule {
  sign: string;
  /** Places shown for amounts in this currency. */
  decimals: number;
  /** The forex symbol the rate comes from; none for the dollar itself. */
  symbol?: string;
  /** The symbol is quoted as <currency>/USD, so the rate is 1 / price. */
  invert?: boolean;
}

export const CURRENCY_RULES: Record<PricingCurrency, CurrencyRule> = {
  USD: { sign: '$', decimals: 2 },
  // The offshore yuan (CNH) is the traded proxy for CNY.
  CNY: { sign: '¥', decimals: 2, symbol: 'USDCNH' },
  EUR: { sign: '€', decimals: 2, symbol: 'EURUSD', invert: true },
  JPY: { sign: '¥', decimals: 0, symbol: 'USDJPY' },
  KRW: { sign: '₩', decimals: 0, symbol: 'USDKRW' },
  THB: { sign: '฿', decimals: 2, symbol: 'USDTHB' },
  HKD: { sign: 'HK$', decimals: 2, symbol: 'USDHKD' },
};

export const DEFAULT_CURRENCY: PricingCurrency = 'USD';

export function isPricingCurrency(value: unknown): value is PricingCurrency {
  return typeof value === 'string' && (PRICING_CURRENCIES as readonly string[]).includes(value);
}

interface PricedQuote {
  symbol: string;
  price: string | null;
}

const RATE_PLACES = 10;

/** Units of `currency` per US dollar from the quotes, or null when the market has no rate. */
export function rateOf(currency: PricingCurrency, quotes: readonly PricedQuote[]): string | null {
  const rule = CURRENCY_RULES[currency];
  if (!rule.symbol) return '1';
  const price = quotes.find((q) => q.symbol === rule.symbol)?.price;
  if (!isDecimal(price) || new Decimal(price as string).lte(0)) return null;
  const rate = rule.invert ? new Decimal(1).div(price as string) : new Decimal(price as string);
  return rate.toDecimalPlaces(RATE_PLACES, Decimal.ROUND_FLOOR).toString();
}

/** `usd` in the currency of `rate`, floored to `decimals` places ('--' when not a number). */
export function convertUsd(usd: string, rate: string, decimals: number): string {
  if (!isDecimal(usd) || !isDecimal(rate)) return '--';
  return floorTo(new Decimal(usd).times(rate), decimals);
}
