import { LOCALE_TAGS, type Locale } from '@hx/protocol';
import { Decimal, isDecimal } from '@hx/money';

/**
 * Pure helpers for market data as the API sends it: decimal strings, never floats (except where a
 * chart needs numbers to draw).
 */

/** Decimal places written in a decimal string ('64213.50' → 2, '12' → 0). */
export function decimalsOf(value: string | null | undefined): number {
  if (!value) return 0;
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * The price precision of each symbol, learned from the strings the server sends. It keeps the
 * most places seen, so a price whose trailing zero was trimmed does not make the column jump.
 */
const precisions = new Map<string, number>();
export function learnPrecision(symbol: string, ...values: (string | null | undefined)[]): number {
  let best = precisions.get(symbol) ?? 0;
  for (const value of values) best = Math.max(best, Math.min(decimalsOf(value), 12));
  precisions.set(symbol, best);
  return best;
}

export type ChangeDirection = 'rise' | 'fall' | 'flat';

export function directionOf(change: string | null | undefined): ChangeDirection {
  if (!change || !isDecimal(change)) return 'flat';
  const d = new Decimal(change);
  return d.isZero() ? 'flat' : d.isNegative() ? 'fall' : 'rise';
}

/** '1.2345' → '+1.23%', '-0.5' → '-0.50%' (the server's percent, floored to two places). */
export function formatChange(change: string | null | undefined, locale: Locale): string {
  if (!change || !isDecimal(change)) return '--';
  const d = new Decimal(change);
  const fixed = d.toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  const text = twoPlaces(locale, true).format(fixed.toFixed(2) as unknown as number);
  return `${text}%`;
}

// Making a NumberFormat costs far more than using one: a quote list formats every row per tick.
const twoPlaceFormats = new Map<string, Intl.NumberFormat>();
function twoPlaces(locale: Locale, signed: boolean): Intl.NumberFormat {
  const key = `${locale}|${signed}`;
  let format = twoPlaceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    twoPlaceFormats.set(key, format);
  }
  return format;
}

/** 24 h turnover in the quote currency (volume × price), for sorting by volume. */
export function turnoverOf(quote: { volume: string | null; price: string | null }): Decimal {
  if (!isDecimal(quote.volume) || !isDecimal(quote.price)) return new Decimal(0);
  return new Decimal(quote.volume as string).times(quote.price as string);
}

/** A short volume: '1234567.8' → '1.23M' (floored). */
export function compactAmount(value: Decimal.Value | null, locale: Locale): string {
  if (value === null || !isDecimal(value)) return '--';
  const d = new Decimal(value);
  const units: [Decimal.Value, string][] = [
    ['1e12', 'T'],
    ['1e9', 'B'],
    ['1e6', 'M'],
    ['1e3', 'K'],
  ];
  const format = (n: Decimal, suffix: string) =>
    twoPlaces(locale, false).format(
      n.toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2) as unknown as number,
    ) + suffix;
  for (const [size, suffix] of units) {
    if (d.abs().gte(size)) return format(d.div(size), suffix);
  }
  return format(d, '');
}

export type QuoteSort = 'gainers' | 'losers' | 'volume';

interface Sortable {
  symbol: string;
  change: string | null;
  price: string | null;
  volume: string | null;
}

const changeOf = (q: Sortable) => (isDecimal(q.change) ? new Decimal(q.change as string) : null);

/** Quotes ordered for a tab; quotes without data go last, ties by symbol. */
export function sortQuotes<Q extends Sortable>(quotes: readonly Q[], by: QuoteSort): Q[] {
  const key = (q: Q): Decimal | null =>
    by === 'volume' ? turnoverOf(q) : by === 'gainers' ? changeOf(q) : (changeOf(q)?.neg() ?? null);
  return [...quotes].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else {
      const c = kb.comparedTo(ka);
      if (c !== 0) return c;
    }
    return a.symbol.localeCompare(b.symbol);
  });
}

/**
 * Simple moving average of `values` over `length` (numbers, for drawing): undefined until
 * `length` values are in.
 */
export function movingAverage(values: readonly number[], length: number): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= length) sum -= values[i - length]!;
    out.push(i >= length - 1 ? sum / length : undefined);
  }
  return out;
}

/** The same average for display, in decimal arithmetic: the mean of the last `length` closes. */
export function averageOfLast(
  closes: readonly string[],
  length: number,
  decimals: number,
): string | null {
  if (closes.length < length) return null;
  let sum = new Decimal(0);
  for (const close of closes.slice(-length)) sum = sum.plus(close);
  return sum.div(length).toDecimalPlaces(decimals, Decimal.ROUND_FLOOR).toFixed(decimals);
}
