import type { FastifyBaseLogger } from 'fastify';
import { CodedError, type ErrorCode } from '@hx/protocol';
import { createBook, type Book } from '@hx/engine';
import { isContention, violated, type Db, type SequenceIds } from '@hx/db';
import { accountIds, GroupCommit, refKey, type AccountRef } from '@hx/ledger';
import type { Pair } from './pair.ts';
import { fillNotices, type NoticeRow } from './notices.ts';
import { Batch, accountOf, cancel, place, type Context, type OrderState } from './matching.ts';
import { fireStops, placeOco, placeStop } from './stop-orders.ts';
import { StopBook } from './stops.ts';
import { invitersOf, lastTradePrice, openOrders, readAvailable, writeBatch } from './persist.ts';
import {
  keysOf,
  replaysOf,
  type Job,
  type JobResult,
  type NewOrder,
  type Pending,
} from './jobs.ts';
import { restoredBook } from './restore.ts';
import { CLIENT_ID_INDEXES, clientIdTaken } from './client-ids.ts';

export interface WriterDeps {
  db: Db;
  /** Order ids, shared by the writers of this process. */
  orderIds: SequenceIds;
  /** Journal entry ids, shared likewise. */
  entryIds: SequenceIds;
  now: () => Date;
  log: FastifyBaseLogger;
  /** After a batch is durable: publish what changed, and push its notifications. */
  committed: (pair: Pair, batch: Batch, notices: NoticeRow[]) => void;
}

const MAX_BATCH = 256;
/** Tries of a command alone before it is answered TRADING_BUSY. */
const ALONE_ATTEMPTS = 4;

/**
 * What a concurrent write causes: a balance below zero (the money moved since it was read),
 * contention for its rows, or a client id another owner of the pair gave an open order (read
 * again, the check in memory refuses it).
 */
const raced = (err: unknown) =>
  violated(err, 'ledger_accounts_non_negative') ||
  isContention(err) ||
  CLIENT_ID_INDEXES.some((name) => violated(err, name));

/**
 * The single writer of one pair: commands queue here and run in order. Commands that arrive
 * while a batch is being written form the next batch, which is matched in memory and written in
 * one statement (group commit); every caller is answered only after that commit. If the write
 * fails, the book is rebuilt from the database and the batch's commands are retried one by one,
 * so one bad command cannot take others down with it.
 *
 * Balances: the writer remembers the available balance of the accounts it has seen, as of its
 * last commit, instead of reading and locking them for every batch. The database stays the judge:
 * the batch adds its changes to the stored balances (never overwrites them), and a user balance
 * cannot go below zero (a constraint), so a remembered balance that is too high (money moved out
 * by a transfer since) fails the batch, which is then retried one command at a time on balances
 * read afresh. One that is too low (a deposit since) cannot refuse anyone: an order refused for
 * its balance on a remembered figure goes to the front of the queue and is decided again on a
 * fresh one, and market buys, which spend up to the balance, always read it fresh.
 */
export class PairWriter {
  book!: Book;
  /** Open orders by id: the money each one still holds. */
  readonly open = new Map<number, OrderState>();
  /** Commands and trades committed since this writer started, and its batches' time (/metrics). */
  readonly stats = { commands: 0, fills: 0, batches: 0, seconds: 0 };
  private readonly commits = new GroupCommit<Pending>(
    {
      run: async (batch) => {
        const started = performance.now();
        const fills = await this.run(batch);
        this.stats.batches++;
        this.stats.commands += batch.length;
        this.stats.fills += fills;
        this.stats.seconds += (performance.now() - started) / 1000;
      },
      alone: (one) => this.alone(one),
      failed: async (_batch, err) => {
        // Expected now and then: a balance the writer remembered moved out since (see above).
        this.deps.log.warn(
          { err, symbol: this.pair.symbol },
          'spot batch refused by the database; retrying its commands one at a time',
        );
        await this.load();
      },
    },
    MAX_BATCH,
  );
  private ids = new Map<string, number>();
  /** Available balances (ledger scale) as of the last commit, by account key. */
  private balances = new Map<string, bigint>();
  private inviters = new Map<number, number | null>();
  /** Pending stop orders: they hold their funds but wait outside the book (stops.ts). */
  stops = new StopBook();
  /** The pair's last trade price, which stop orders wait for. */
  readonly last: { price: bigint | null } = { price: null };

  constructor(
    public pair: Pair,
    private readonly deps: WriterDeps,
  ) {}

  /**
   * Rebuilds the book from the open orders, exactly as they were (same arrival order), and the
   * trigger book from the pending stops (they are not in the book) and the last trade price.
   */
  async load(): Promise<void> {
    this.balances.clear();
    const all = await openOrders(this.deps.db, this.pair);
    this.open.clear();
    for (const order of all) this.open.set(order.id, order);
    this.stops = new StopBook();
    this.stops.load(
      all
        .filter((o) => o.trigger === 'pending')
        .map((o) => ({ id: o.id, side: o.side, stop: o.stopPrice!, takeProfit: o.takeProfit })),
    );
    this.last.price = await lastTradePrice(this.deps.db, this.pair);
    this.book = restoredBook(
      this.pair,
      all.filter((o) => o.trigger !== 'pending'),
    );
  }

  /**
   * New settings from the console, applied from the next command: fees and enabled at any time;
   * tick and step only while the book is empty (resting orders were placed on the old units).
   */
  setPair(pair: Pair): void {
    const a = this.pair.spec;
    const b = pair.spec;
    const units =
      a.priceScale !== b.priceScale ||
      a.amountScale !== b.amountScale ||
      a.tick !== b.tick ||
      a.step !== b.step;
    if (units && (this.book.size() > 0 || this.stops.size > 0))
      throw new CodedError('PAIR_HAS_ORDERS');
    this.pair = pair;
    if (units) this.book = createBook(pair.spec);
  }

  submit(job: Job): Promise<JobResult> {
    return new Promise((resolve, reject) => this.commits.push({ job, resolve, reject }));
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  idle(): Promise<void> {
    return this.commits.idle();
  }

  /**
   * One command in a batch of its own, on balances read afresh. Money a ledger write moved between
   * that read and this write (or a lock it held) fails it again: it is read and tried once more,
   * so the user gets a fill or a refusal they can act on, not "busy".
   */
  private async alone(one: Pending): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.run([one]);
        return;
      } catch (error) {
        await this.load();
        if (raced(error) && attempt < ALONE_ATTEMPTS) continue;
        one.reject(error instanceof CodedError ? error : new CodedError('TRADING_BUSY'));
        if (!(error instanceof CodedError))
          this.deps.log.error({ err: error }, 'spot command failed');
        return;
      }
    }
  }

  /** Writes one batch; answers how many trades it made. */
  private async run(pending: Pending[]): Promise<number> {
    const { db } = this.deps;
    const now = this.deps.now();
    // An OCO is two orders.
    const places = pending.reduce(
      (n, p) => n + (p.job.kind !== 'place' ? 0 : p.job.order.type === 'oco' ? 2 : 1),
      0,
    );
    const orderIds = await this.deps.orderIds.take(places);
    const { available, remembered } = await this.balancesFor(pending);
    /** Refused on a remembered balance: decided again, first in the next batch. */
    const again = new Set<Pending>();

    const replays = await replaysOf(this.deps.db, pending);

    const results: JobResult[] = [];
    const batch = new Batch();
    const saved = new Map<number, OrderState>();
    const ctx = {
      pair: this.pair,
      book: this.book,
      open: this.open,
      available,
      batch,
      now: now.getTime(),
      stops: this.stops,
      last: this.last,
    };
    const firstOfKey = new Map<string, number>();
    let next = 0;
    for (const [i, { job }] of pending.entries()) {
      // The trades of each command move the last price and fire the stops they reach.
      const traded = batch.trades.length;
      if (job.kind === 'cancel') {
        const code = cancel(ctx, job.orderId, job.userId);
        results.push(
          code ? { ok: false, code } : { ok: true, order: batch.orders.get(job.orderId)! },
        );
        continue;
      }
      const id = orderIds[next++]!;
      if (job.idem) {
        // The same key twice in one batch: the second is answered like the first.
        const name = `${job.idem.userId}:${job.idem.key}`;
        const twin = firstOfKey.get(name);
        const replay = twin !== undefined ? results[twin]! : replays.get(name);
        if (replay) {
          results.push(replay);
          continue;
        }
        firstOfKey.set(name, i);
      }
      const { order, code } = placeNew(ctx, id, job.order, () => orderIds[next++]!);
      if (!code) fireStops(ctx, traded);
      const lockKey = refKey(
        accountOf(order.userId, order.side === 'buy' ? this.pair.quoteCoin : this.pair.baseCoin),
      );
      if (code === 'INSUFFICIENT_BALANCE' && remembered.has(lockKey)) {
        again.add(pending[i]!);
        remembered.delete(lockKey);
        this.balances.delete(lockKey);
      }
      results.push(code ? { ok: false, code } : { ok: true, order });
    }
    for (const [id, order] of batch.orders) saved.set(id, { ...order });
    await this.resolveInviters(batch);
    // One statement: atomic without a transaction around it.
    const notices = await fillNotices(db, this.pair, batch);
    const learned = await writeBatch(db, this.pair, batch, {
      notices,
      at: now,
      inviters: this.inviters,
      known: this.ids,
      keys: keysOf(pending, results, again, now),
      entryIds: this.deps.entryIds,
    });
    for (const [key, id] of learned) this.ids.set(key, id);
    for (const [key, delta] of batch.deltas) {
      const known = this.balances.get(key);
      if (known !== undefined) this.balances.set(key, known + delta.available);
    }
    this.deps.committed(this.pair, batch, notices);
    this.commits.pushFront(again);
    for (const [i, p] of pending.entries()) {
      if (again.has(p)) continue;
      const result = results[i]!;
      p.resolve(
        result.ok && !result.replay
          ? { ok: true, order: saved.get(result.order.id) ?? result.order }
          : result,
      );
    }
    return batch.trades.length;
  }

  /**
   * The available balances of the batch's holders (base and quote): remembered ones, the rest
   * read. `remembered` says which came from memory; a market buy's quote is always read.
   */
  private async balancesFor(
    pending: Pending[],
  ): Promise<{ available: Map<string, bigint>; remembered: Set<string> }> {
    const holders = new Set(
      pending.map((p) => (p.job.kind === 'place' ? p.job.order.userId : p.job.userId)),
    );
    const refs: AccountRef[] = [...holders].flatMap((h) => [
      accountOf(h, this.pair.baseCoin),
      accountOf(h, this.pair.quoteCoin),
    ]);
    await this.resolveIds(refs);
    for (const { job } of pending)
      if (job.kind === 'place' && job.order.type === 'market' && job.order.side === 'buy')
        this.balances.delete(refKey(accountOf(job.order.userId, this.pair.quoteCoin)));
    const remembered = new Set(refs.map(refKey).filter((key) => this.balances.has(key)));
    await this.readBalances(refs.filter((r) => !remembered.has(refKey(r))));
    const available = new Map(refs.map((r) => [refKey(r), this.balances.get(refKey(r)) ?? 0n]));
    return { available, remembered };
  }

  /** Reads the available balances of accounts the writer does not remember. */
  private async readBalances(refs: AccountRef[]): Promise<void> {
    if (refs.length === 0) return;
    const read = await readAvailable(
      this.deps.db,
      refs.map((r) => this.ids.get(refKey(r))!),
    );
    for (const r of refs) this.balances.set(refKey(r), read.get(this.ids.get(refKey(r))!) ?? 0n);
  }

  private async resolveIds(refs: AccountRef[]): Promise<void> {
    const missing = refs.filter((r) => !this.ids.has(refKey(r)));
    if (missing.length === 0) return;
    const ids = await accountIds(this.deps.db, missing);
    for (const [key, id] of ids) this.ids.set(key, id);
  }

  /** Who invited each fee payer; an invitation never changes, so it is cached. */
  private async resolveInviters(batch: Batch): Promise<void> {
    const missing = [...new Set(batch.fees.map((f) => f.userId))].filter(
      (u) => !this.inviters.has(u),
    );
    for (const [id, inviter] of await invitersOf(this.deps.db, missing))
      this.inviters.set(id, inviter);
  }
}

/**
 * A new order into the book, or the stop book: an OCO is a limit order and a stop-limit, which
 * takes the next id. Answers the order and, when it was refused, why.
 */
function placeNew(
  ctx: Context,
  id: number,
  asked: NewOrder,
  nextId: () => number,
): { order: OrderState; code: ErrorCode | null } {
  const { type, stopLimitPrice, stopClientOrderId, ...rest } = asked;
  const order: OrderState = {
    id,
    ...rest,
    type: type === 'oco' ? 'limit' : type,
    funds: rest.funds ?? null,
    filled: 0n,
    filledQuote: 0n,
    fee: 0n,
    locked: 0n,
    status: 'waiting',
    cancelReason: null,
    timeInForce: rest.timeInForce ?? 'gtc',
    postOnly: rest.postOnly ?? false,
    stopPrice: rest.stopPrice ?? null,
    trigger: null,
    ocoId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  if (clientIdTaken(ctx.open, order.userId, { ...rest, stopClientOrderId }))
    return { order, code: 'CLIENT_ORDER_ID_TAKEN' };
  if (type === 'oco') {
    // The limit order keeps `stopPrice` off; the stop-limit is the second id.
    const stop: OrderState = {
      ...order,
      id: nextId(),
      type: 'stop_limit',
      price: stopLimitPrice!,
      ocoId: id,
      clientOrderId: stopClientOrderId ?? null,
      listClientOrderId: null,
    };
    order.stopPrice = null;
    order.ocoId = stop.id;
    return { order, code: placeOco(ctx, order, stop) };
  }
  if (type === 'stop_limit' || type === 'stop_market')
    return { order, code: placeStop(ctx, order) };
  return { order, code: place(ctx, order) };
}
