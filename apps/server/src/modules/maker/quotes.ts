import type { PairSpec, Side } from '@hx/engine';
import { Decimal } from '@hx/money';

/** A pair's maker settings as the quoting uses them (decimal strings, bounds null: none). */
export interface QuoteSettings {
  levels: number;
  spreadBps: number;
  /** Base amount per level. */
  size: string;
  baseMin: string | null;
  baseMax: string | null;
  quoteMin: string | null;
  quoteMax: string | null;
}

/** The maker's holdings of the pair's two coins (available + frozen). */
export interface Holdings {
  base: string;
  quote: string;
}

export interface Quotes {
  /** `side:price` (engine units) → amount (engine units), as the spot writers key the book. */
  wanted: Map<string, bigint>;
  /** Sides with levels left out because filling them would cross a bound. */
  bounded: Side[];
}

const units = (x: Decimal, scale: number) =>
  BigInt(x.times(new Decimal(10).pow(scale)).toFixed(0, Decimal.ROUND_DOWN));

/**
 * The book the maker wants around `index`: level i (from 1) at spread × i basis points below
 * (bids, rounded down to the tick) and above (asks, rounded up), `size` each. A level is left
 * out, with every one beyond it, when the side filled up to it would take the inventory past a
 * bound: bids add base and spend quote, asks the other way.
 */
export function quotes(
  spec: PairSpec,
  index: string,
  settings: QuoteSettings,
  holdings: Holdings,
): Quotes {
  const { priceScale, amountScale, tick, step } = spec;
  const ref = new Decimal(index);
  const sizeUnits = (units(new Decimal(settings.size), amountScale) / step) * step;
  const wanted = new Map<string, bigint>();
  const bounded: Side[] = [];
  if (sizeUnits <= 0n || ref.lte(0)) return { wanted, bounded };
  const size = new Decimal(sizeUnits.toString()).div(new Decimal(10).pow(amountScale));
  const base = new Decimal(holdings.base);
  const quote = new Decimal(holdings.quote);
  const over = (value: Decimal, max: string | null) => max !== null && value.gt(max);
  const under = (value: Decimal, min: string | null) => min !== null && value.lt(min);

  for (const side of ['buy', 'sell'] as const) {
    let baseAfter = base;
    let quoteAfter = quote;
    for (let i = 1; i <= settings.levels; i++) {
      const offset = new Decimal(settings.spreadBps * i).div(10_000);
      const raw = ref.times(side === 'buy' ? new Decimal(1).minus(offset) : offset.plus(1));
      const ticks = raw
        .times(new Decimal(10).pow(priceScale))
        .div(tick.toString())
        .toDecimalPlaces(0, side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
      const price = BigInt(ticks.toFixed()) * tick;
      if (price <= 0n) break;
      const value = size.times(new Decimal(price.toString()).div(new Decimal(10).pow(priceScale)));
      baseAfter = side === 'buy' ? baseAfter.plus(size) : baseAfter.minus(size);
      quoteAfter = side === 'buy' ? quoteAfter.minus(value) : quoteAfter.plus(value);
      const crosses =
        side === 'buy'
          ? over(baseAfter, settings.baseMax) || under(quoteAfter, settings.quoteMin)
          : under(baseAfter, settings.baseMin) || over(quoteAfter, settings.quoteMax);
      if (crosses) {
        bounded.push(side);
        break;
      }
      wanted.set(`${side}:${price}`, sizeUnits);
    }
  }
  return { wanted, bounded };
}
