import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MarketDeal, spotListQuery } from '@hx/protocol';
import { SequenceIds, spotOrders, spotTrades, type Db } from '@hx/db';
import { formatUnits, parseUnits } from '@hx/engine';
import { announcePosted } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Hub } from '../../ws/hub.ts';
import { tellOthers, type Bus } from '../../lib/bus.ts';
import type { Ownership } from '../../lib/ownership.ts';
import type { MarketService } from '../market/service.ts';
import { announce, type Told } from '../notifications/notify.ts';
import { depthChannel, tradesChannel } from '../../ws/channels.ts';
import { DEFAULT_FLOW, DemoFlow, type FlowOptions } from './demo-flow.ts';
import { MarketMaker } from './market-maker.ts';
import { loadPairs, type Pair } from './pair.ts';
import { isUser, type Batch } from './matching.ts';
import { orderView, rowToOrder, trimTo, type OrderView } from './rows.ts';
import { PairWriter } from './writer.ts';
import { fillsOf } from './trade-klines.ts';
import { BookStates } from './book-states.ts';
import { bookChannel, BookUpdates } from './book-updates.ts';
import type { IdempotencyClaim } from '@hx/ledger';
import type { JobResult, NewOrder } from './jobs.ts';
import { askOwner, servePair, type PairRequest, type PlaceInput } from './cluster.ts';

export interface SpotDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  market: MarketService;
  log: FastifyBaseLogger;
  /** Several processes: each pair is written by the one owning it, the others ask it. */
  bus?: Bus;
  ownership?: Ownership;
}

const DEPTH_LEVELS = 20;
/** The order types a take-profit applies to. */
const STOPS: string[] = ['stop_limit', 'stop_market'];
const RECENT_TRADES = 30;
type Trade = MarketDeal['trades'][number];

/**
 * Spot trading: one writer per pair (with several processes, in the pair's owner; the others
 * ask it: docs/architecture.md, "Several processes"), orders and their history, the public book
 * and trades.
 */
export class SpotService {
  readonly pairs = new Map<string, Pair>();
  readonly writers = new Map<string, PairWriter>();
  /** The state hash of each book written here (the console's dashboard). */
  readonly states = new BookStates();
  /** Each book's update id (the Binance API's lastUpdateId) and its changes. */
  readonly bookUpdates = new BookUpdates();
  private recent = new Map<string, Trade[]>();
  private maker: MarketMaker | undefined;
  /** Pairs the operator's market maker (modules/maker) has settings for: the demo one stays off. */
  readonly operatorMade = new Set<string>();
  private flow: DemoFlow | undefined;
  private readonly orderIds: SequenceIds;
  private readonly entryIds: SequenceIds;

  constructor(private readonly deps: SpotDeps) {
    this.orderIds = new SequenceIds(deps.db, 'spot_orders');
    this.entryIds = new SequenceIds(deps.db, 'journal_entries');
  }

  /**
   * Loads the pairs and rebuilds every book from its open orders; with several processes, only
   * the books of the pairs this process takes (each pair has one owner; the others ask it).
   */
  async start(): Promise<void> {
    const { bus, ownership } = this.deps;
    for (const pair of await loadPairs(this.deps.db)) {
      this.pairs.set(pair.symbol, pair);
      if (bus?.clustered && ownership) this.claim(pair.symbol, bus, ownership);
      else await this.open(pair);
    }
  }

  private async open(pair: Pair): Promise<void> {
    const writer = new PairWriter(pair, {
      db: this.deps.db,
      orderIds: this.orderIds,
      entryIds: this.entryIds,
      now: () => this.deps.clock.now(),
      log: this.deps.log,
      committed: (p, batch, notices) => this.committed(p, batch, notices),
    });
    await writer.load();
    this.recent.set(pair.symbol, await this.loadTrades(pair));
    this.bookUpdates.opened(pair.symbol, Date.now());
    this.writers.set(pair.symbol, writer);
  }

  /** Takes the pair when no other process has it: loads its book, then answers for it. */
  private claim(symbol: string, bus: Bus, ownership: Ownership): void {
    let unserve = () => {};
    ownership.claim(`spot:${symbol}`, {
      gained: async () => {
        await this.open(this.pairs.get(symbol)!);
        unserve = servePair(bus, symbol, (request) => this.answerFor(symbol, request));
      },
      lost: async () => {
        unserve();
        const writer = this.writers.get(symbol);
        this.writers.delete(symbol); // new requests go to the next owner
        await writer?.idle(); // what was accepted here commits before that owner loads the book
      },
    });
  }

  /** Another process's request for a pair this one writes. */
  private answerFor(symbol: string, request: PairRequest): Promise<unknown> {
    if (!this.writers.has(symbol)) throw new AppError('TRADING_BUSY'); // given up meanwhile
    if (request.op === 'place') return this.place(request.userId, request.body, request.idem);
    if (request.op === 'cancel') return this.cancel(request.userId, request.id);
    if (request.op === 'book') return Promise.resolve(this.book(symbol, request.limit));
    return Promise.resolve(this.deal(symbol));
  }

  /** A pair written by another process: its owner answers. */
  private ask<T>(symbol: string, request: PairRequest): Promise<T> {
    const { bus } = this.deps;
    if (!bus?.clustered) throw new AppError('TRADING_BUSY');
    return askOwner<T>(bus, symbol, request);
  }

  /** Re-reads the pairs after the console changed them; no restart needed. */
  async reloadPairs(): Promise<void> {
    for (const pair of await loadPairs(this.deps.db)) {
      this.pairs.set(pair.symbol, pair);
      this.writers.get(pair.symbol)?.setPair(pair);
    }
  }

  pair(symbol: string): Pair {
    const pair = this.pairs.get(symbol);
    if (!pair || !pair.enabled) throw new AppError('SYMBOL_UNKNOWN');
    return pair;
  }

  /** Checks the order against the pair's units; throws the code a user can act on. */
  toNewOrder(userId: number | null, body: PlaceInput): NewOrder {
    const pair = this.pair(body.symbol);
    const { priceScale, amountScale, tick, step } = pair.spec;
    const priceOf = (text: string | undefined): bigint | null => {
      if (text === undefined) return null;
      const value = units(text, priceScale, 'PRICE_PRECISION');
      if (value % tick !== 0n) throw new AppError('PRICE_PRECISION');
      return value;
    };
    const price =
      body.type === 'market' || body.type === 'stop_market' ? null : priceOf(body.price);
    const stopPrice = priceOf(body.stop_price);
    const stopLimitPrice = priceOf(body.stop_limit_price);
    const clientOrderId = body.client_order_id ?? null;
    // An OCO sell takes profit above its stop, an OCO buy below it.
    if (body.type === 'oco' && (body.side === 'sell' ? price! <= stopPrice! : price! >= stopPrice!))
      throw new AppError('OCO_PRICES');
    if (body.funds !== undefined) {
      // A market buy by spend, at the quote's price decimals (what the app shows as the total):
      // quote units carry amountScale more places.
      const funds = units(body.funds, priceScale, 'AMOUNT_PRECISION') * 10n ** BigInt(amountScale);
      return { userId, side: 'buy', type: 'market', price: null, amount: 0n, funds, clientOrderId };
    }
    const amount = units(body.amount!, amountScale, 'AMOUNT_PRECISION');
    if (amount < step) throw new AppError('AMOUNT_TOO_SMALL');
    if (amount % step !== 0n) throw new AppError('AMOUNT_PRECISION', { decimals: amountScale });
    return {
      userId,
      side: body.side,
      type: body.type,
      price,
      amount,
      timeInForce: body.time_in_force ?? 'gtc',
      postOnly: body.post_only ?? false,
      stopPrice,
      stopLimitPrice,
      clientOrderId,
      stopClientOrderId: body.stop_client_order_id ?? null,
      listClientOrderId: body.list_client_order_id ?? null,
      takeProfit: (body.take_profit ?? false) && STOPS.includes(body.type),
    };
  }

  async place(
    userId: number | null,
    body: PlaceInput,
    idem?: IdempotencyClaim,
  ): Promise<OrderView> {
    const order = this.toNewOrder(userId, body);
    const writer = this.writers.get(body.symbol);
    if (!writer) return this.ask(body.symbol, { op: 'place', userId, body, idem });
    const result = await writer.submit({ kind: 'place', order, idem });
    if (result.ok && result.replay) {
      const { order_id } = result.replay as { order_id: number };
      return this.order(userId!, order_id);
    }
    return this.answer(writer.pair, result);
  }

  async cancel(userId: number | null, id: number): Promise<OrderView> {
    const [row] = await this.deps.db.select().from(spotOrders).where(eq(spotOrders.id, id));
    if (!row || row.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    if (row.status !== 'waiting') throw new AppError('ORDER_CLOSED');
    const writer = this.writers.get(row.symbol);
    if (!writer) return this.ask(row.symbol, { op: 'cancel', userId, id });
    return this.answer(writer.pair, await writer.submit({ kind: 'cancel', orderId: id, userId }));
  }

  private answer(pair: Pair, result: JobResult): OrderView {
    if (!result.ok) throw new AppError(result.code);
    return orderView(pair, result.order);
  }

  async list(userId: number, query: z.output<typeof spotListQuery>) {
    const where: SQL[] = [eq(spotOrders.userId, userId)];
    if (query.symbol) where.push(eq(spotOrders.symbol, query.symbol));
    if (query.status === 'history')
      where.push(or(eq(spotOrders.status, 'completed'), eq(spotOrders.status, 'cancelled'))!);
    else if (query.status) where.push(eq(spotOrders.status, query.status));
    const filter = and(...where);
    const rows = await this.deps.db
      .select()
      .from(spotOrders)
      .where(filter)
      .orderBy(desc(spotOrders.createdAt), desc(spotOrders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await this.deps.db.select({ n: count() }).from(spotOrders).where(filter);
    return {
      list: rows.flatMap((row) => {
        const pair = this.pairs.get(row.symbol);
        return pair ? [orderView(pair, rowToOrder(pair, row))] : [];
      }),
      total: total?.n ?? 0,
      page: query.page,
    };
  }

  async order(userId: number, id: number) {
    const [row] = await this.deps.db.select().from(spotOrders).where(eq(spotOrders.id, id));
    if (!row || row.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    const pair = this.pairs.get(row.symbol)!;
    const fills = await this.deps.db
      .select()
      .from(spotTrades)
      .where(or(eq(spotTrades.makerOrderId, id), eq(spotTrades.takerOrderId, id)))
      .orderBy(desc(spotTrades.time), desc(spotTrades.id));
    const { priceScale, amountScale } = pair.spec;
    return {
      ...orderView(pair, rowToOrder(pair, row)),
      trades: fills.map((t) => {
        const maker = t.makerOrderId === id;
        return {
          price: fixed(t.price, priceScale),
          amount: fixed(t.amount, amountScale),
          quote: trimTo(t.quote, priceScale),
          fee: new Decimal(maker ? t.makerFee : t.takerFee).toFixed(),
          role: maker ? ('maker' as const) : ('taker' as const),
          time: t.time,
        };
      }),
    };
  }

  /** The public book and latest trades (`currency/deal`). */
  deal(symbol: string): MarketDeal {
    const writer = this.writers.get(symbol);
    if (!writer) return { bids: [], asks: [], trades: [] };
    return { ...this.depth(writer), trades: this.recent.get(symbol) ?? [] };
  }

  /** The book and trades of a pair, asked of its owner when another process writes it. */
  dealAnywhere(symbol: string): MarketDeal | Promise<MarketDeal> {
    if (!this.writers.has(symbol) && this.deps.bus?.clustered && this.pairs.has(symbol))
      return this.ask(symbol, { op: 'deal' });
    return this.deal(symbol);
  }

  /** The best `limit` levels a side and the book's update id they are as of (Binance's depth). */
  book(symbol: string, limit: number): BookView {
    const writer = this.writers.get(symbol);
    if (!writer) return { lastUpdateId: 0, bids: [], asks: [] };
    return { lastUpdateId: this.bookUpdates.last(symbol), ...this.depth(writer, limit) };
  }

  /** The same, asked of the pair's owner when another process writes it. */
  bookAnywhere(symbol: string, limit: number): BookView | Promise<BookView> {
    if (!this.writers.has(symbol) && this.deps.bus?.clustered && this.pairs.has(symbol))
      return this.ask(symbol, { op: 'book', limit });
    return this.book(symbol, limit);
  }

  pairViews() {
    return [...this.pairs.values()]
      .filter((p) => p.enabled)
      .map((p) => ({
        symbol: p.symbol,
        name: p.name,
        base: p.base,
        quote: p.quote,
        base_currency_id: p.baseCoin,
        quote_currency_id: p.quoteCoin,
        price_decimals: p.spec.priceScale,
        amount_decimals: p.spec.amountScale,
        tick: formatUnits(p.spec.tick, p.spec.priceScale),
        step: formatUnits(p.spec.step, p.spec.amountScale),
        maker_fee: p.makerFeeText,
        taker_fee: p.takerFeeText,
      }));
  }

  /** Demo liquidity: funds the market maker once and keeps its ladders on every pair. */
  async startMarketMaker(everyMs = 1000): Promise<MarketMaker> {
    this.maker ??= new MarketMaker({
      db: this.deps.db,
      market: this.deps.market,
      writers: () => this.writers.values(),
      pairs: () => this.pairs.values(),
      skip: (symbol) => this.operatorMade.has(symbol),
      log: this.deps.log,
    });
    await this.maker.fund();
    await this.maker.requoteAll();
    this.maker.start(everyMs);
    return this.maker;
  }

  /** Demo trades: funds the demo flow once and lets it take the maker's orders (demo-flow.ts). */
  async startDemoFlow(options: Partial<FlowOptions> = {}, everyMs = 250): Promise<DemoFlow> {
    const { hub } = this.deps;
    this.flow ??= new DemoFlow(
      {
        db: this.deps.db,
        market: this.deps.market,
        writers: () => this.writers.values(),
        pairs: () => this.pairs.values(),
        watched: (symbol) => hub.has(depthChannel(symbol)) || hub.has(tradesChannel(symbol)),
        log: this.deps.log,
      },
      { ...DEFAULT_FLOW, ...options },
    );
    await this.flow.fund();
    this.flow.start(everyMs);
    return this.flow;
  }

  /** Stops the market maker and the demo flow and lets the queued commands finish. */
  async stop(): Promise<void> {
    this.maker?.stop();
    await this.flow?.stop();
    await this.idle();
  }

  /** Waits until every writer's queue is empty. */
  async idle(): Promise<void> {
    for (const writer of this.writers.values()) await writer.idle();
  }

  private depth(writer: PairWriter, levels = DEPTH_LEVELS): Pick<MarketDeal, 'bids' | 'asks'> {
    const { priceScale, amountScale } = writer.pair.spec;
    const view = writer.book.depth(levels);
    const level = ([p, a]: [bigint, bigint]): [string, string] => [
      formatUnits(p, priceScale),
      formatUnits(a, amountScale),
    ];
    return { bids: view.bids.map(level), asks: view.asks.map(level) };
  }

  private async loadTrades(pair: Pair): Promise<Trade[]> {
    const rows = await this.deps.db
      .select()
      .from(spotTrades)
      .where(eq(spotTrades.symbol, pair.symbol))
      .orderBy(desc(spotTrades.id))
      .limit(RECENT_TRADES);
    return rows.map((t) => ({
      price: fixed(t.price, pair.spec.priceScale),
      amount: fixed(t.amount, pair.spec.amountScale),
      side: t.takerSide,
      time: t.time,
    }));
  }

  /**
   * The pair's ticker and bars move with its trades (already in the database with them): here,
   * published; elsewhere, through the bus, in memory only.
   */
  private traded(pair: Pair, batch: Batch): void {
    const fills = fillsOf(pair, batch);
    this.deps.market.trades.traded(pair.symbol, fills, true);
    if (this.deps.bus)
      tellOthers(this.deps.bus, TRADED, JSON.stringify({ symbol: pair.symbol, fills }));
  }

  /** After a batch is durable: the book, the trades, and each user's orders and balances. */
  private committed(pair: Pair, batch: Batch, notices: Told[]): void {
    const { market, hub } = this.deps;
    const writer = this.writers.get(pair.symbol);
    if (!writer) return;
    this.states.changed(pair.symbol);
    if (batch.orders.size > 0) {
      market.publishDepth(pair.symbol, this.depth(writer));
      // Every change is told while anyone (on any process) may follow it: a gap in the ids
      // makes a client's local book start over.
      const update = this.bookUpdates.next(pair, writer.book, batch, Date.now());
      const ch = bookChannel(pair.symbol);
      if (this.deps.bus?.clustered || hub.has(ch)) hub.publish(ch, update());
    }
    if (batch.trades.length > 0) {
      const trades = batch.trades
        .map((t) => ({
          price: formatUnits(t.price, pair.spec.priceScale),
          amount: formatUnits(t.amount, pair.spec.amountScale),
          side: t.takerSide,
          time: t.time,
        }))
        .reverse();
      this.recent.set(
        pair.symbol,
        [...trades, ...(this.recent.get(pair.symbol) ?? [])].slice(0, RECENT_TRADES),
      );
      market.publishTrades(pair.symbol, trades);
      this.traded(pair, batch);
    }
    const users = new Set<number>();
    for (const order of batch.orders.values()) {
      if (!isUser(order.userId)) continue; // the market maker and the demo flow
      users.add(order.userId);
      hub.publishToUser(order.userId, 'orders', orderView(pair, order));
    }
    // The batch wrote its postings itself: the ledger's hooks hear its users now it is durable.
    announcePosted(this.deps.db, users);
    if (notices.length > 0) void announce(this.deps, notices);
  }
}

/** The bus subject telling other processes a pair's fills (their quotes and bars follow). */
export const TRADED = 'hx.spot.traded';

export interface BookView {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

/** A numeric column at exactly `scale` decimals. */
const fixed = (text: string, scale: number) => formatUnits(parseUnits(text, scale), scale);

function units(text: string, scale: number, code: 'PRICE_PRECISION' | 'AMOUNT_PRECISION'): bigint {
  try {
    return parseUnits(text, scale);
  } catch {
    throw new AppError(code, code === 'AMOUNT_PRECISION' ? { decimals: scale } : undefined);
  }
}
