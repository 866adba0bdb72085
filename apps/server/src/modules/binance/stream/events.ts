import type { MarketQuote } from '@hx/protocol';
import { nextPeriodStart, type Bar, type Period } from '@hx/market';
import { Decimal } from '@hx/money';
import type { BookUpdate } from '../../spot/book-updates.ts';
import type { LastTrade } from '../../market/trade-series.ts';
import type { TradeBar } from '../../market/trade-bars.ts';
import type { TradeDayStats } from '../../market/trade-day.ts';

/**
 * The payloads of Binance's market streams (web-socket-streams.md), in its field order, made
 * from what our channels carry. Numbers Binance sends as strings stay strings.
 */

/** A public trade as spot_trades keeps it. */
export interface TapeTrade {
  id: number;
  price: string;
  amount: string;
  takerSide: 'buy' | 'sell';
  takerOrderId: number;
  time: number;
}

export const tradeEvent = (symbol: string, t: TapeTrade, now: number) => ({
  e: 'trade',
  E: now,
  s: symbol,
  t: t.id,
  p: t.price,
  q: t.amount,
  T: t.time,
  m: t.takerSide === 'sell', // the buyer made the price when the taker sold
  M: true,
});

/**
 * Trades of one taker order at one price, as one aggregate trade (its id is its first trade's,
 * so ids grow as the trades' do).
 */
export function aggTradeEvents(symbol: string, trades: TapeTrade[], now: number) {
  const out: ReturnType<typeof aggEvent>[] = [];
  let group: TapeTrade[] = [];
  const flush = () => {
    if (group.length > 0) out.push(aggEvent(symbol, group, now));
    group = [];
  };
  for (const t of trades) {
    const head = group[0];
    if (head && (head.takerOrderId !== t.takerOrderId || head.price !== t.price)) flush();
    group.push(t);
  }
  flush();
  return out;
}

function aggEvent(symbol: string, group: TapeTrade[], now: number) {
  const first = group[0]!;
  const last = group[group.length - 1]!;
  const quantity = group.reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
  return {
    e: 'aggTrade',
    E: now,
    s: symbol,
    a: first.id,
    p: first.price,
    q: quantity.toFixed(),
    f: first.id,
    l: last.id,
    T: last.time,
    m: first.takerSide === 'sell',
    M: true,
  };
}

/**
 * A bar as a kline event. Our bars keep the base volume only: the quote volume is the volume
 * at the close, and trade counts and taker volumes are not known (0).
 */
export function klineEvent(
  symbol: string,
  interval: string,
  period: Period,
  bar: Bar &
    Partial<Pick<TradeBar, 'quoteVolume' | 'trades' | 'takerBuyVolume' | 'takerBuyQuoteVolume'>>,
  now: number,
) {
  const end = nextPeriodStart(period, bar.time);
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: {
      t: bar.time,
      T: end - 1,
      s: symbol,
      i: interval,
      f: -1,
      L: -1,
      o: bar.open,
      c: bar.close,
      h: bar.high,
      l: bar.low,
      v: bar.volume,
      n: bar.trades ?? 0,
      x: end <= now,
      q: bar.quoteVolume ?? new Decimal(bar.volume).times(bar.close).toFixed(),
      V: bar.takerBuyVolume ?? '0',
      Q: bar.takerBuyQuoteVolume ?? '0',
      B: '0',
    },
  };
}

const or0 = (text: string | null) => text ?? '0';

/** A pair's 24 hours of trades and its last trade (`market.trades`): what a quote leaves out. */
export interface TradeFigures {
  day: TradeDayStats | null;
  last: LastTrade | null;
}

/** The volume-weighted average price of the 24 hours (the last price without volume). */
export function weightedAverage(day: TradeDayStats | null, last: string | null): string {
  if (!day || new Decimal(day.volume).isZero()) return or0(last);
  return new Decimal(day.quoteVolume).div(day.volume).toFixed();
}

export const miniTickerEvent = (q: MarketQuote, now: number, f: TradeFigures) => ({
  e: '24hrMiniTicker',
  E: now,
  s: q.symbol,
  c: or0(q.price),
  o: or0(q.open),
  h: or0(q.high),
  l: or0(q.low),
  v: or0(q.volume),
  q: f.day?.quoteVolume ?? '0',
});

/** The 24-hour ticker; the best bid and ask come from the book when it is followed here. */
export function tickerEvent(
  q: MarketQuote,
  now: number,
  top: BookUpdate | undefined,
  f: TradeFigures,
) {
  const change = q.price && q.open ? new Decimal(q.price).minus(q.open).toFixed() : '0';
  const [bid, ask] = [top?.bids[0] ?? ['0', '0'], top?.asks[0] ?? ['0', '0']];
  return {
    e: '24hrTicker',
    E: now,
    s: q.symbol,
    p: change,
    P: or0(q.change),
    w: weightedAverage(f.day, q.price),
    x: or0(q.open),
    c: or0(q.price),
    Q: f.last?.amount ?? '0',
    b: bid[0],
    B: bid[1],
    a: ask[0],
    A: ask[1],
    o: or0(q.open),
    h: or0(q.high),
    l: or0(q.low),
    v: or0(q.volume),
    q: f.day?.quoteVolume ?? '0',
    O: now - 86_400_000,
    C: now,
    F: -1,
    L: -1,
    n: f.day?.trades ?? 0,
  };
}

export const bookTickerEvent = (symbol: string, update: BookUpdate) => ({
  u: update.u,
  s: symbol,
  b: update.bids[0]?.[0] ?? '0',
  B: update.bids[0]?.[1] ?? '0',
  a: update.asks[0]?.[0] ?? '0',
  A: update.asks[0]?.[1] ?? '0',
});

export const partialDepthEvent = (update: BookUpdate, levels: number) => ({
  lastUpdateId: update.u,
  bids: update.bids.slice(0, levels),
  asks: update.asks.slice(0, levels),
});

/** Changes gathered over one interval: each level's last quantity, first and last update id. */
export interface DepthWindow {
  U: number;
  u: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

export const depthUpdateEvent = (symbol: string, w: DepthWindow, now: number) => ({
  e: 'depthUpdate',
  E: now,
  s: symbol,
  U: w.U,
  u: w.u,
  b: [...w.bids],
  a: [...w.asks],
});
