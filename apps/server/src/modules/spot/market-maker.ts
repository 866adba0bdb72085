import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@hx/db';
import type { MarketService } from '../market/service.ts';
import { ladder, type LadderOptions } from './ladder.ts';
import { fundInventory } from './inventory.ts';
import type { Pair } from './pair.ts';
import type { PairWriter } from './writer.ts';

export type MakerOptions = LadderOptions;

export const DEFAULT_MAKER: MakerOptions = {
  levels: 8,
  spacingBps: 4,
  notional: '2500',
  seed: 1,
};

/** Quote and base value given to the market maker once, from the treasury. */
const FUNDING_QUOTE = '50000000';
const FUNDING_BASE_VALUE = '25000000';

/**
 * Demo liquidity: bids and asks around the reference price on every pair, placed and cancelled
 * through the same writers, book and ledger as any user (its account is the platform's
 * market_maker account, funded once from the treasury). The book (`ladder.ts`) sits on a grid of
 * `spacingBps` with uneven, seeded sizes, so it moves when the reference price crosses a grid
 * line, and then only the levels that changed are cancelled and placed. Every round (1 s) also
 * puts back the levels taken (by users or the demo flow), whole or in part, so the book is
 * two-sided again within a second or two.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(
    private readonly deps: {
      db: Db;
      market: MarketService;
      /** The books this process writes (all of them, but with several processes). */
      writers: () => Iterable<PairWriter>;
      /** Every pair, whichever process writes it: the inventory is funded for all at once. */
      pairs: () => Iterable<Pair>;
      /** Pairs left to the operator's market maker (modules/maker). */
      skip?: (symbol: string) => boolean;
      log: FastifyBaseLogger;
    },
    private readonly options: MakerOptions = DEFAULT_MAKER,
  ) {}

  /** Gives the market maker its inventory, once (the idempotency key keeps it to one entry). */
  async fund(): Promise<void> {
    await fundInventory(this.deps.db, this.deps.pairs(), {
      account: 'market_maker',
      quote: FUNDING_QUOTE,
      baseValue: FUNDING_BASE_VALUE,
      kind: 'market_maker_funding',
      idempotencyKey: 'spot-market-maker-funding',
      memo: 'demo liquidity',
    });
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.requoteAll(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async requoteAll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await Promise.all([...this.deps.writers()].map((w) => this.requote(w)));
    } catch (err) {
      this.deps.log.warn({ err }, 'market maker requote failed');
    } finally {
      this.busy = false;
    }
  }

  /** The book the maker wants on a pair now: `side:price` → amount (engine units). */
  target(writer: PairWriter, reference: string): Map<string, bigint> {
    return ladder(writer.pair.symbol, writer.pair.spec, reference, this.options);
  }

  async requote(writer: PairWriter): Promise<void> {
    if (this.deps.skip?.(writer.pair.symbol)) return;
    const last = this.deps.market.last(writer.pair.symbol);
    if (!last) return;
    const wanted = this.target(writer, last.price);
    const jobs: Promise<unknown>[] = [];
    for (const order of writer.open.values()) {
      if (order.userId !== null) continue;
      const key = `${order.side}:${order.price}`;
      // An untouched level stays; a level taken in part is placed again at full size (a level
      // taken whole is no longer open, so it is placed again too).
      if (wanted.has(key) && order.filled === 0n) wanted.delete(key);
      else jobs.push(writer.submit({ kind: 'cancel', orderId: order.id, userId: null }));
    }
    for (const [key, amount] of wanted) {
      const [side, price] = key.split(':') as ['buy' | 'sell', string];
      const order = { userId: null, side, type: 'limit' as const, price: BigInt(price), amount };
      jobs.push(writer.submit({ kind: 'place', order }));
    }
    await Promise.all(jobs);
  }
}
