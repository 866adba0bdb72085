import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@hx/db';
import { hashKey, mulberry32, normal } from '@hx/market';
import { Decimal } from '@hx/money';
import type { MarketService } from '../market/service.ts';
import { DEMO_FLOW, makerOnly } from './matching.ts';
import { fundInventory } from './inventory.ts';
import type { Pair } from './pair.ts';
import type { PairWriter } from './writer.ts';

export interface FlowOptions {
  /** Mean time between trades on a pair somebody watches (its book or trades on the socket). */
  watchedGapMs: number;
  /** The same on a pair nobody watches: its tape stays recent without filling the database. */
  idleGapMs: number;
  /** Median value of a trade in quote; values are log-normal around it. */
  medianValue: number;
  /** Seed of the flow's timing, sides and sizes. */
  seed: number;
}

export const DEFAULT_FLOW: FlowOptions = {
  watchedGapMs: 1_800,
  idleGapMs: 45_000,
  medianValue: 120,
  seed: 1,
};

/** Quote and base value given to the demo flow once, from the treasury. */
const FUNDING_QUOTE = '5000000';
const FUNDING_BASE_VALUE = '1000000';
/** A trade's value stays within these bounds (quote): small takers, never a sweep. */
const MIN_VALUE = 5;
const MAX_VALUE = 4_000;
/** Chance that a trade is followed at once by another on the same side (an order in clips). */
const CLIP_CHANCE = 0.3;

interface PairFlow {
  rand: () => number;
  nextAt: number;
  /** The side of a clipped order still coming, if any. */
  clip: 'buy' | 'sell' | null;
  /** Base bought minus sold since start (engine units): the flow leans against it. */
  net: bigint;
}

/**
 * The demo market's simulated takers (demo mode only): now and then, at a random rate and size,
 * a market order on each pair from the platform's `demo_flow` account, through the same writer,
 * book and ledger as a user's. It takes only the market maker's orders (`place` stops it before
 * anyone else's) at the book's prices, so its trades are real trades between two platform
 * accounts: they feed the public tape, and no user's balance or order is ever touched. It
 * cannot choose a price: it never places a limit order, and it never writes a recorded price
 * (ticks and bars come from the market source alone), so options, stops and liquidations,
 * which use recorded prices only, are beyond its reach.
 */
export class DemoFlow {
  private timer: NodeJS.Timeout | undefined;
  private readonly pairs = new Map<string, PairFlow>();
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      market: MarketService;
      /** The books this process writes (all of them, but with several processes). */
      writers: () => Iterable<PairWriter>;
      /** Every pair, whichever process writes it: the inventory is funded for all at once. */
      pairs: () => Iterable<Pair>;
      /** True when somebody follows the pair's book or trades. */
      watched: (symbol: string) => boolean;
      log: FastifyBaseLogger;
      now?: () => number;
    },
    private readonly options: FlowOptions = DEFAULT_FLOW,
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** Gives the demo flow its inventory, once (the idempotency key keeps it to one entry). */
  async fund(): Promise<void> {
    await fundInventory(this.deps.db, this.deps.pairs(), {
      account: 'demo_flow',
      quote: FUNDING_QUOTE,
      baseValue: FUNDING_BASE_VALUE,
      kind: 'demo_flow_funding',
      idempotencyKey: 'spot-demo-flow-funding',
      memo: 'demo market flow',
    });
  }

  /** Looks at every pair each `everyMs` and trades on those whose turn has come. */
  start(everyMs = 250): void {
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.round(), everyMs);
    this.timer.unref();
  }

  /** True between start() and stop(). */
  get active(): boolean {
    return this.timer !== undefined;
  }

  /** Stops trading and waits for the orders already sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.running);
  }

  /** One look at every pair: those due trade once. */
  round(): void {
    if (this.stopped) return;
    const now = this.now();
    for (const writer of this.deps.writers()) {
      if (!writer.pair.enabled) continue;
      const flow = this.flowOf(writer.pair.symbol, now);
      const gap = this.deps.watched(writer.pair.symbol)
        ? this.options.watchedGapMs
        : this.options.idleGapMs;
      // Somebody just opened a quiet pair: its next trade comes soon, not at the idle pace.
      if (flow.nextAt - now > 3 * gap) flow.nextAt = now + this.exponential(flow, gap);
      if (now < flow.nextAt) continue;
      const side = flow.clip ?? this.side(writer, flow);
      flow.clip = flow.rand() < CLIP_CHANCE ? side : null;
      flow.nextAt = now + (flow.clip ? 150 + flow.rand() * 600 : this.exponential(flow, gap));
      this.track(this.trade(writer, side));
    }
  }

  /** One market order of the flow on a pair; resolves when it is written (or refused). */
  async trade(writer: PairWriter, side: 'buy' | 'sell'): Promise<boolean> {
    if (this.stopped) return false;
    const flow = this.flowOf(writer.pair.symbol, this.now());
    const amount = this.amount(writer, flow);
    // Nothing of the maker's first in line on that side (a user's order is): not even asked.
    if (amount === null || makerOnly(writer.book, side, amount) === 0n) return false;
    const result = await writer.submit({
      kind: 'place',
      order: { userId: DEMO_FLOW, side, type: 'market', price: null, amount },
    });
    if (!result.ok) return false; // no maker liquidity, or out of inventory: try later
    flow.net += side === 'buy' ? result.order.filled : -result.order.filled;
    return result.order.filled > 0n;
  }

  private track(task: Promise<unknown>): void {
    const tracked = task.catch((err: unknown) =>
      this.deps.log.warn({ err }, 'demo flow trade failed'),
    );
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  private flowOf(symbol: string, now: number): PairFlow {
    let flow = this.pairs.get(symbol);
    if (!flow) {
      const rand = mulberry32(hashKey(this.options.seed, symbol, 'demo-flow'));
      // Pairs start at different moments, not all in the same round.
      flow = { rand, nextAt: now + rand() * this.options.watchedGapMs, clip: null, net: 0n };
      this.pairs.set(symbol, flow);
    }
    return flow;
  }

  private exponential(flow: PairFlow, mean: number): number {
    return -Math.log(1 - flow.rand()) * mean;
  }

  /** Buy or sell, leaning against what the flow bought or sold so far (it stays near flat). */
  private side(writer: PairWriter, flow: PairFlow): 'buy' | 'sell' {
    const price = this.deps.market.last(writer.pair.symbol)?.price;
    const scale = 10 ** writer.pair.spec.amountScale;
    const netValue = price ? (Number(flow.net) / scale) * Number(price) : 0;
    const lean = 0.35 * Math.tanh(netValue / (20 * this.options.medianValue));
    return flow.rand() < 0.5 - lean ? 'buy' : 'sell';
  }

  /**
   * A trade's base amount (engine units): a log-normal value in quote at the last price, rounded
   * to two significant digits as people do, at least one step; null without a price.
   */
  private amount(writer: PairWriter, flow: PairFlow): bigint | null {
    const last = this.deps.market.last(writer.pair.symbol);
    if (!last) return null;
    const { amountScale, step } = writer.pair.spec;
    const value = Math.min(
      MAX_VALUE,
      Math.max(MIN_VALUE, this.options.medianValue * Math.exp(0.9 * normal(flow.rand))),
    );
    const base = new Decimal(value).div(last.price).toSignificantDigits(2, Decimal.ROUND_DOWN);
    const units = BigInt(base.times(new Decimal(10).pow(amountScale)).floor().toFixed());
    const whole = units - (units % step);
    return whole > step ? whole : step;
  }
}
