import { Decimal } from '@hx/money';
import type { Pair } from '../spot/pair.ts';
import { weightedAverage } from './stream/events.ts';
import { at } from './order-view.ts';
import type { MarketDeps } from './market-data.ts';
import type { Params } from './orders.ts';
import { pairOf, pairsAsked } from './symbols.ts';

/**
 * Binance's tickers: prices and 24 h statistics of the pair's own trades (`market.trades`, what
 * the app's quotes show), best bid and ask from the spot book. One symbol answers an object,
 * several an array.
 */

const DAY = 24 * 60 * 60_000;

async function best(deps: MarketDeps, pair: Pair) {
  const book = await deps.spot.bookAnywhere(pair.symbol, 1);
  const [bid, bidQty] = book.bids[0] ?? ['0', '0'];
  const [ask, askQty] = book.asks[0] ?? ['0', '0'];
  const { priceScale, amountScale } = pair.spec;
  return {
    bidPrice: at(bid, priceScale),
    bidQty: at(bidQty, amountScale),
    askPrice: at(ask, priceScale),
    askQty: at(askQty, amountScale),
  };
}

/** One answer for `symbol`, a list otherwise (Binance's shape). */
async function each<T>(deps: MarketDeps, params: Params, one: (pair: Pair) => Promise<T> | T) {
  const pairs = pairsAsked(deps.spot, params);
  const answers = await Promise.all(pairs.map(one));
  return params.symbol !== undefined ? answers[0]! : answers;
}

/** GET /api/v3/ticker/24hr (`type=MINI` leaves out the book and the change). */
export function ticker24hr(deps: MarketDeps, params: Params) {
  const mini = params.type === 'MINI';
  return each(deps, params, async (pair) => {
    const { trades } = deps.market;
    const q = trades.quote(pair.symbol);
    const day = trades.day(pair.symbol);
    const p = (text: string | null) => at(text, pair.spec.priceScale);
    const volume = new Decimal(q.volume ?? '0');
    const last = new Decimal(q.price ?? '0');
    const open = new Decimal(q.open ?? q.price ?? '0');
    const closeTime = q.time ?? deps.now();
    const stats = {
      openPrice: p(open.toFixed()),
      highPrice: p(q.high),
      lowPrice: p(q.low),
      lastPrice: p(last.toFixed()),
      volume: at(volume.toFixed(), pair.spec.amountScale),
      quoteVolume: at(day?.quoteVolume ?? '0', pair.spec.priceScale),
      openTime: closeTime - DAY,
      closeTime,
      firstId: -1,
      lastId: -1,
      count: day?.trades ?? 0,
    };
    if (mini) return { symbol: pair.symbol, ...stats };
    const change = last.minus(open);
    const { bidPrice, bidQty, askPrice, askQty } = await best(deps, pair);
    const { openPrice, highPrice, lowPrice, lastPrice, ...rest } = stats;
    return {
      symbol: pair.symbol,
      priceChange: p(change.toFixed()),
      priceChangePercent: open.isZero() ? '0.000' : change.div(open).times(100).toFixed(3),
      weightedAvgPrice: p(weightedAverage(day, q.price)),
      prevClosePrice: openPrice,
      lastPrice,
      lastQty: at(trades.lastTrade(pair.symbol)?.amount ?? '0', pair.spec.amountScale),
      bidPrice,
      bidQty,
      askPrice,
      askQty,
      openPrice,
      highPrice,
      lowPrice,
      ...rest,
    };
  });
}

/** GET /api/v3/ticker/price. */
export const tickerPrice = (deps: MarketDeps, params: Params) =>
  each(deps, params, (pair) => ({
    symbol: pair.symbol,
    price: at(deps.market.trades.quote(pair.symbol).price, pair.spec.priceScale),
  }));

/** GET /api/v3/ticker/bookTicker. */
export const bookTicker = (deps: MarketDeps, params: Params) =>
  each(deps, params, async (pair) => ({ symbol: pair.symbol, ...(await best(deps, pair)) }));

/** GET /api/v3/avgPrice: the volume-weighted price of the last 5 minutes' trades. */
export async function avgPrice(deps: MarketDeps, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const now = deps.now();
  const { trades } = deps.market;
  const range = { from: now - 5 * 60_000, to: now + 1, limit: 6 };
  const bars = await trades.klines(pair.symbol, '1min', range);
  let volume = new Decimal(0);
  let value = new Decimal(0);
  for (const bar of bars) {
    volume = volume.plus(bar.volume);
    value = value.plus(bar.quoteVolume);
  }
  const price = volume.isZero()
    ? (trades.lastTrade(pair.symbol)?.price ?? '0')
    : value.div(volume).toFixed();
  return { mins: 5, price: at(price, pair.spec.priceScale), closeTime: now };
}
