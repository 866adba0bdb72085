import type { MarketQuote, QuoteInfo } from '@hx/protocol';
import { Decimal } from '@hx/money';
import type { SymbolSpec } from '@hx/market';
import type { DayStats } from './day-window.ts';

export interface LastPrice {
  price: string;
  time: number;
}

/**
 * A symbol's quote: the last recorded price and the 24-hour statistics of its 1-minute bars.
 * A last price older than 24 hours stands alone (no move, no volume); nothing recorded at all
 * leaves every price null, never a made-up number.
 */
export function buildQuote(
  spec: SymbolSpec,
  last: LastPrice | null,
  stats: DayStats | null,
): MarketQuote {
  const base = {
    symbol: spec.symbol,
    name: spec.name,
    kind: spec.kind,
    base: spec.base,
    quote: spec.quote,
  };
  if (stats) {
    return {
      ...base,
      price: last?.price ?? stats.close,
      open: stats.open,
      change: stats.changePercent,
      high: stats.high,
      low: stats.low,
      volume: stats.volume,
      time: last?.time ?? stats.time,
    };
  }
  if (last) {
    return {
      ...base,
      price: last.price,
      open: last.price,
      change: '0.00',
      high: last.price,
      low: last.price,
      volume: new Decimal(0).toFixed(spec.amountPrecision),
      time: last.time,
    };
  }
  return {
    ...base,
    price: null,
    open: null,
    change: null,
    high: null,
    low: null,
    volume: null,
    time: null,
  };
}

/** The quote with its absolute change and the symbol's precision. */
export function buildInfo(spec: SymbolSpec, quote: MarketQuote): QuoteInfo {
  return {
    ...quote,
    change_amount:
      quote.price !== null && quote.open !== null
        ? new Decimal(quote.price).minus(quote.open).toFixed(spec.pricePrecision)
        : null,
    price_precision: spec.pricePrecision,
    amount_precision: spec.amountPrecision,
    tick_size: spec.tickSize,
  };
}
