import { and, asc, eq, gt, lt, max } from 'drizzle-orm';
import { spotTrades, type Db } from '@hx/db';
import { formatUnits, parseUnits } from '@hx/engine';
import type { MarketQuote } from '@hx/protocol';
import type { Bar } from '@hx/market';
import type { Clock } from '../../../lib/clock.ts';
import { payloadOf, type Connection, type Hub } from '../../../ws/hub.ts';
import { klineChannel, tickerChannel, tradesChannel } from '../../../ws/channels.ts';
import { bookChannel, type BookUpdate } from '../../spot/book-updates.ts';
import type { SpotService } from '../../spot/service.ts';
import type { MarketService } from '../../market/service.ts';
import {
  aggTradeEvents,
  bookTickerEvent,
  depthUpdateEvent,
  klineEvent,
  miniTickerEvent,
  partialDepthEvent,
  tickerEvent,
  tradeEvent,
  type DepthWindow,
  type TapeTrade,
  type TradeFigures,
} from './events.ts';
import type { Stream } from './names.ts';

/** A client of the streams: gets each event's JSON, raw or wrapped as {stream, data}. */
export interface StreamClient {
  readonly combined: boolean;
  send(text: string): void;
}

export interface FeedDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  spot: Pick<SpotService, 'pairs'>;
  market: Pick<MarketService, 'trades'>;
}

interface Followed {
  stream: Stream;
  clients: Set<StreamClient>;
}

/** What this process keeps of a pair while one of its streams is followed. */
interface PairState {
  book?: BookUpdate;
  /** Diff depth changes gathered for the next 100 ms and 1000 ms events. */
  windows: Map<100 | 1000, DepthWindow>;
  quote?: MarketQuote;
  /** Bars waiting for the next second, by stream name. */
  bars: Map<string, Bar>;
  /** The last public trade sent; trades after it are read when the tape moves. */
  lastTradeId: number | null;
  reading: Promise<void>;
}

const TICK_MS = 100;

/**
 * The Binance-compatible streams of one process. It follows our own socket channels as a
 * client of the hub (so in a cluster they come through the bus like every channel, ws/cluster.ts)
 * and turns each message into Binance's events, sent to every client of the stream once the
 * JSON is made: trades, klines and tickers from the market's channels, the book's three
 * streams from spot's `book.<SYMBOL>` changes. Events on a timer (diff and partial depth,
 * tickers, klines) go out every 100 ms or every second.
 */
export class StreamFeed {
  private readonly followed = new Map<string, Followed>();
  private readonly channelUsers = new Map<string, number>();
  /** Followed streams per pair: its state goes with the last. */
  private readonly pairUsers = new Map<string, number>();
  private readonly pairs = new Map<string, PairState>();
  private allTickers: MarketQuote[] | null = null;
  private readonly tap: Connection;
  private readonly timer: ReturnType<typeof setInterval>;
  private ticks = 0;

  constructor(private readonly deps: FeedDeps) {
    this.tap = deps.hub.attach({
      bufferedAmount: 0,
      readyState: 1,
      sendFrame: (frame) => this.heard(payloadOf(frame).toString()),
      sendText: () => undefined,
      close: () => this.tap.touch(), // never idle: it is this process listening
      terminate: () => undefined,
    });
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** The followed streams of a pair symbol or of every pair. */
  subscribe(stream: Stream, client: StreamClient): void {
    let entry = this.followed.get(stream.name);
    if (!entry) {
      entry = { stream, clients: new Set() };
      this.followed.set(stream.name, entry);
      if (stream.symbol)
        this.pairUsers.set(stream.symbol, (this.pairUsers.get(stream.symbol) ?? 0) + 1);
      for (const ch of channelsOf(stream)) this.follow(ch, stream.symbol);
    }
    entry.clients.add(client);
  }

  unsubscribe(name: string, client: StreamClient): void {
    const entry = this.followed.get(name);
    if (!entry?.clients.delete(client) || entry.clients.size > 0) return;
    this.followed.delete(name);
    for (const ch of channelsOf(entry.stream)) this.leave(ch);
    const { symbol } = entry.stream;
    if (!symbol) return;
    const users = (this.pairUsers.get(symbol) ?? 1) - 1;
    if (users > 0) this.pairUsers.set(symbol, users);
    else [this.pairUsers, this.pairs].forEach((m) => m.delete(symbol));
  }

  close(): void {
    clearInterval(this.timer);
    this.deps.hub.detach(this.tap);
  }

  private follow(ch: string, symbol: string | null): void {
    const users = this.channelUsers.get(ch) ?? 0;
    this.channelUsers.set(ch, users + 1);
    if (symbol && !this.pairs.has(symbol))
      this.pairs.set(symbol, {
        windows: new Map(),
        bars: new Map(),
        lastTradeId: null,
        reading: Promise.resolve(),
      });
    if (users > 0) return;
    this.deps.hub.subscribe(this.tap, ch, ch.startsWith('ticker') || ch === 'tickers');
    if (symbol && ch === tradesChannel(symbol)) this.readTape(symbol, true);
  }

  private leave(ch: string): void {
    const users = (this.channelUsers.get(ch) ?? 1) - 1;
    if (users > 0) return void this.channelUsers.set(ch, users);
    this.channelUsers.delete(ch);
    this.deps.hub.unsubscribe(this.tap, ch);
  }

  private send(name: string, payload: unknown): void {
    const entry = this.followed.get(name);
    if (!entry) return;
    const raw = JSON.stringify(payload);
    let wrapped: string | undefined;
    for (const client of entry.clients)
      client.send(client.combined ? (wrapped ??= `{"stream":"${name}","data":${raw}}`) : raw);
  }

  /** A message of one of our channels: `{"ch","seq","data"}`. */
  private heard(text: string): void {
    const { ch, data } = JSON.parse(text) as { ch: string; data: unknown };
    const [prefix, symbol, period] = ch.split('.');
    if (ch === 'tickers') this.allTickers = (data as { list: MarketQuote[] }).list;
    else if (!symbol) return;
    else if (prefix === 'book') this.bookChanged(symbol, data as BookUpdate);
    else if (prefix === 'ticker') this.withPair(symbol, (s) => (s.quote = data as MarketQuote));
    else if (prefix === 'kline') this.barChanged(symbol, period!, data as Bar);
    else if (prefix === 'trades') this.readTape(symbol, false);
  }

  private withPair(symbol: string, apply: (state: PairState) => void): void {
    const state = this.pairs.get(symbol);
    if (state) apply(state);
  }

  private bookChanged(symbol: string, update: BookUpdate): void {
    const state = this.pairs.get(symbol);
    if (!state) return;
    state.book = update;
    for (const every of [100, 1000] as const) {
      let w = state.windows.get(every);
      if (w && w.u + 1 !== update.u) {
        // Missed changes (a gap in the ids): what came before goes out alone, and the
        // client's local book sees the gap between the two events and starts over.
        this.flushDepth(symbol, every, w);
        w = undefined;
      }
      if (!w) {
        w = { U: update.u, u: update.u, bids: new Map(), asks: new Map() };
        state.windows.set(every, w);
      }
      w.u = update.u;
      for (const [p, q] of update.b) w.bids.set(p, q);
      for (const [p, q] of update.a) w.asks.set(p, q);
    }
    this.send(`${symbol.toLowerCase()}@bookTicker`, bookTickerEvent(symbol, update));
  }

  private barChanged(symbol: string, period: string, bar: Bar): void {
    const state = this.pairs.get(symbol);
    if (!state) return;
    for (const { stream } of this.followed.values()) {
      if (stream.symbol !== symbol || stream.kind.type !== 'kline') continue;
      if (stream.kind.period !== period) continue;
      const held = state.bars.get(stream.name);
      // A newer bar: the one held closed, and is sent now so no close is lost.
      if (held && held.time !== bar.time) this.sendBar(stream, held);
      state.bars.set(stream.name, bar);
    }
  }

  private sendBar(stream: Stream, bar: Bar): void {
    if (stream.kind.type !== 'kline' || !stream.symbol) return;
    const { interval, period } = stream.kind;
    this.send(stream.name, klineEvent(stream.symbol, interval, period, bar, this.now()));
  }

  /** The trades after the last one sent, in id order (a pair's trades keep it). */
  private readTape(symbol: string, first: boolean): void {
    const since = this.now(); // trades from when the tape was followed on are told
    const state = this.pairs.get(symbol);
    const pair = this.deps.spot.pairs.get(symbol);
    if (!state || !pair) return;
    const { db } = this.deps;
    state.reading = state.reading
      .then(async () => {
        if (first || state.lastTradeId === null) {
          const [row] = await db
            .select({ id: max(spotTrades.id) })
            .from(spotTrades)
            .where(and(eq(spotTrades.symbol, symbol), lt(spotTrades.time, since)));
          state.lastTradeId = row?.id ?? 0;
          return;
        }
        const rows = await db
          .select()
          .from(spotTrades)
          .where(and(eq(spotTrades.symbol, symbol), gt(spotTrades.id, state.lastTradeId)))
          .orderBy(asc(spotTrades.id))
          .limit(1000);
        if (rows.length === 0) return;
        state.lastTradeId = rows[rows.length - 1]!.id;
        const { priceScale, amountScale } = pair.spec;
        const trades: TapeTrade[] = rows.map((t) => ({
          id: t.id,
          price: fixed(t.price, priceScale),
          amount: fixed(t.amount, amountScale),
          takerSide: t.takerSide as 'buy' | 'sell',
          takerOrderId: t.takerOrderId,
          time: t.time,
        }));
        const lower = symbol.toLowerCase();
        const now = this.now();
        for (const t of trades) this.send(`${lower}@trade`, tradeEvent(symbol, t, now));
        for (const e of aggTradeEvents(symbol, trades, now)) this.send(`${lower}@aggTrade`, e);
      })
      .catch(() => undefined); // the next trade reads again from the last one sent
  }

  private flushDepth(symbol: string, every: 100 | 1000, w: DepthWindow): void {
    const lower = symbol.toLowerCase();
    const name = every === 100 ? `${lower}@depth@100ms` : `${lower}@depth`;
    this.send(name, depthUpdateEvent(symbol, w, this.now()));
    if (every === 1000) this.send(`${lower}@depth@1000ms`, depthUpdateEvent(symbol, w, this.now()));
  }

  /** Every 100 ms: the 100 ms depth events; every second also the 1 s ones, tickers and bars. */
  private tick(): void {
    this.ticks = (this.ticks + 1) % 10;
    const second = this.ticks === 0;
    const now = this.now();
    for (const [symbol, state] of this.pairs) {
      for (const every of second ? ([100, 1000] as const) : ([100] as const)) {
        const w = state.windows.get(every);
        if (!w) continue;
        state.windows.delete(every);
        this.flushDepth(symbol, every, w);
      }
      if (!second) {
        if (state.book) this.sendPartial(symbol, state.book, 100);
        continue;
      }
      if (state.book) this.sendPartial(symbol, state.book, 1000);
      const lower = symbol.toLowerCase();
      if (state.quote) {
        const f = this.figures(symbol);
        this.send(`${lower}@miniTicker`, miniTickerEvent(state.quote, now, f));
        this.send(`${lower}@ticker`, tickerEvent(state.quote, now, state.book, f));
      }
      for (const [name, bar] of state.bars) {
        const entry = this.followed.get(name);
        if (entry) this.sendBar(entry.stream, bar);
      }
    }
    if (second && this.allTickers) {
      const spot = this.allTickers.filter((q) => this.deps.spot.pairs.has(q.symbol));
      this.send(
        '!ticker@arr',
        spot.map((q) =>
          tickerEvent(q, now, this.pairs.get(q.symbol)?.book, this.figures(q.symbol)),
        ),
      );
      this.send(
        '!miniTicker@arr',
        spot.map((q) => miniTickerEvent(q, now, this.figures(q.symbol))),
      );
      this.allTickers = null;
    }
  }

  private figures(symbol: string): TradeFigures {
    const { trades } = this.deps.market;
    return trades.has(symbol)
      ? { day: trades.day(symbol), last: trades.lastTrade(symbol) }
      : { day: null, last: null };
  }

  private sendPartial(symbol: string, book: BookUpdate, every: 100 | 1000): void {
    const lower = symbol.toLowerCase();
    for (const levels of [5, 10, 20]) {
      const name = every === 100 ? `${lower}@depth${levels}@100ms` : `${lower}@depth${levels}`;
      if (this.followed.has(name)) this.send(name, partialDepthEvent(book, levels));
      if (every === 1000 && this.followed.has(`${name}@1000ms`))
        this.send(`${name}@1000ms`, partialDepthEvent(book, levels));
    }
  }
}

/** Our channels a stream is made from. */
function channelsOf(stream: Stream): string[] {
  const { symbol, kind } = stream;
  if (symbol === null) return ['tickers'];
  switch (kind.type) {
    case 'trade':
    case 'aggTrade':
      return [tradesChannel(symbol)];
    case 'kline':
      return [klineChannel(symbol, kind.period)];
    case 'miniTicker':
      return [tickerChannel(symbol)];
    case 'ticker':
      return [tickerChannel(symbol), bookChannel(symbol)];
    default:
      return [bookChannel(symbol)];
  }
}

const fixed = (text: string, scale: number) => formatUnits(parseUnits(text, scale), scale);
