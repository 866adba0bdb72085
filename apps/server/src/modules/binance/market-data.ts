import { and, asc, desc, gte, lte, eq, type SQL } from 'drizzle-orm';
import { spotTrades, type Db } from '@hx/db';
import type { Period } from '@hx/market';
import { Decimal } from '@hx/money';
import type { Market } from '../market/live.ts';
import type { Pair } from '../spot/pair.ts';
import type { SpotService } from '../spot/service.ts';
import { binanceErrors } from './errors.ts';
import { joinBars, type TradeBar } from '../market/trade-bars.ts';
import { at, formatsOf, type TradeRow } from './order-view.ts';
import { windowParams, type Params } from './orders.ts';
import { pairOf } from './symbols.ts';

/**
 * Binance's public market data over our own: the book and trades of the spot module (the same
 * book the app shows), klines and 24 h tickers of the pair's own trades (`market.trades`, the
 * app's spot charts and quotes).
 */

export interface MarketDeps {
  spot: SpotService;
  market: Market;
  db: Db;
  now: () => number;
}

const DEPTH_LIMITS = { default: 100, max: 5000 };

/** GET /api/v3/depth: the book with the update id the diff depth stream continues from. */
export async function depth(deps: MarketDeps, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const { limit } = limitParam(params, DEPTH_LIMITS);
  const book = await deps.spot.bookAnywhere(pair.symbol, limit);
  return { lastUpdateId: book.lastUpdateId, bids: book.bids, asks: book.asks };
}

function limitParam(params: Params, limits: { default: number; max: number }) {
  const text = params.limit;
  if (text === undefined) return { limit: limits.default };
  if (!/^\d{1,9}$/.test(text)) throw binanceErrors.illegalChars('limit');
  return { limit: Math.min(Math.max(Number(text), 1), limits.max) };
}

const publicTrade = (pair: Pair, t: TradeRow) => {
  const f = formatsOf(pair);
  return {
    id: t.id,
    price: f.price(t.price),
    qty: f.qty(t.amount),
    quoteQty: f.quote(t.quote),
    time: t.time,
    isBuyerMaker: t.takerSide === 'sell',
    isBestMatch: true,
  };
};

/** GET /api/v3/trades (latest) and historicalTrades (from `fromId`), oldest first. */
export async function trades(deps: MarketDeps, params: Params, historical = false) {
  const pair = pairOf(deps.spot, params.symbol);
  const { limit } = limitParam(params, { default: 500, max: 1000 });
  const fromId = historical ? windowParams(params).int('fromId') : undefined;
  const where: SQL[] = [eq(spotTrades.symbol, pair.symbol)];
  if (fromId !== undefined) where.push(gte(spotTrades.id, fromId));
  const rows = await deps.db
    .select()
    .from(spotTrades)
    .where(and(...where))
    .orderBy(fromId === undefined ? desc(spotTrades.id) : asc(spotTrades.id))
    .limit(limit);
  if (fromId === undefined) rows.reverse();
  return rows.map((t) => publicTrade(pair, t));
}

/**
 * GET /api/v3/aggTrades: the fills of one taker order at one price, one after another, as one
 * (a first and last trade id); from `fromId`, in a time window (≤ 1 hour), or the latest.
 */
export async function aggTrades(deps: MarketDeps, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const { startTime, endTime, limit, int } = windowParams(params);
  const fromId = int('fromId');
  if (startTime !== undefined && endTime !== undefined && endTime - startTime > 3_600_000)
    throw binanceErrors.badCombo();
  const where: SQL[] = [eq(spotTrades.symbol, pair.symbol)];
  if (fromId !== undefined) where.push(gte(spotTrades.id, fromId));
  if (startTime !== undefined) where.push(gte(spotTrades.time, startTime));
  if (endTime !== undefined) where.push(lte(spotTrades.time, endTime));
  const latest = fromId === undefined && startTime === undefined;
  const rows = await deps.db
    .select()
    .from(spotTrades)
    .where(and(...where))
    .orderBy(latest ? desc(spotTrades.id) : asc(spotTrades.id))
    .limit(limit);
  if (latest) rows.reverse();
  const f = formatsOf(pair);
  const out: {
    a: number;
    p: string;
    q: Decimal;
    f: number;
    l: number;
    T: number;
    m: boolean;
    M: boolean;
    taker: number;
  }[] = [];
  for (const t of rows) {
    const last = out[out.length - 1];
    if (last && last.taker === t.takerOrderId && last.p === f.price(t.price)) {
      last.q = last.q.plus(t.amount);
      last.l = t.id;
      continue;
    }
    out.push({
      a: t.id,
      p: f.price(t.price),
      q: new Decimal(t.amount),
      f: t.id,
      l: t.id,
      T: t.time,
      m: t.takerSide === 'sell',
      M: true,
      taker: t.takerOrderId,
    });
  }
  return out.map(({ taker: _taker, q, ...agg }) => ({ ...agg, q: f.qty(q.toFixed()) }));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Binance's intervals we build: from our bars as they are, or rolled up from a finer one. */
const INTERVALS: Record<string, { period: Period; ms?: number }> = {
  '1m': { period: '1min' },
  '3m': { period: '1min', ms: 3 * MINUTE },
  '5m': { period: '5min' },
  '15m': { period: '5min', ms: 15 * MINUTE },
  '30m': { period: '30min' },
  '1h': { period: '60min' },
  '2h': { period: '60min', ms: 2 * HOUR },
  '4h': { period: '60min', ms: 4 * HOUR },
  '6h': { period: '60min', ms: 6 * HOUR },
  '8h': { period: '60min', ms: 8 * HOUR },
  '12h': { period: '60min', ms: 12 * HOUR },
  '1d': { period: '1day' },
  '1w': { period: '1week' },
  '1M': { period: '1mon' },
};
export const KLINE_INTERVALS = Object.keys(INTERVALS);

const PERIOD_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': HOUR,
  '1day': 24 * HOUR,
  '1week': 7 * 24 * HOUR,
};

/** Bars of a finer period rolled into `ms`-long ones (aligned to the epoch, as Binance's). */
function rollInto(bars: TradeBar[], ms: number): TradeBar[] {
  const out: TradeBar[] = [];
  for (const bar of bars) {
    const time = Math.floor(bar.time / ms) * ms;
    const last = out[out.length - 1];
    if (!last || last.time !== time) out.push({ ...bar, time });
    else out[out.length - 1] = joinBars(last, bar);
  }
  return out;
}

/** When a bar closes: its last millisecond (Binance's closeTime). */
function closeTimeOf(bar: TradeBar, interval: { period: Period; ms?: number }): number {
  const ms = interval.ms ?? PERIOD_MS[interval.period];
  if (ms !== undefined) return bar.time + ms - 1;
  const d = new Date(bar.time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
}

/** GET /api/v3/klines (and uiKlines): [open time, o, h, l, c, volume, close time, …]. */
export async function klines(deps: MarketDeps, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const name = params.interval;
  if (name === undefined) throw binanceErrors.mandatory('interval');
  const interval = INTERVALS[name];
  if (!interval) throw binanceErrors.badInterval();
  const { startTime, endTime, limit } = windowParams(params);
  const per = interval.ms ? interval.ms / (PERIOD_MS[interval.period] ?? 1) : 1;
  const to = endTime !== undefined ? endTime + 1 : deps.now() + 1;
  const from = startTime ?? 0;
  const range = { from, to, limit: limit * per + per };
  let bars = await deps.market.trades.klines(pair.symbol, interval.period, range);
  if (interval.ms) bars = rollInto(bars, interval.ms).filter((b) => b.time >= from);
  bars = startTime !== undefined ? bars.slice(0, limit) : bars.slice(-limit);
  const p = (text: string) => at(text, pair.spec.priceScale);
  return bars.map((b) => [
    b.time,
    p(b.open),
    p(b.high),
    p(b.low),
    p(b.close),
    at(b.volume, pair.spec.amountScale),
    closeTimeOf(b, interval),
    at(b.quoteVolume, pair.spec.priceScale),
    b.trades,
    at(b.takerBuyVolume, pair.spec.amountScale),
    at(b.takerBuyQuoteVolume, pair.spec.priceScale),
    '0',
  ]);
}
