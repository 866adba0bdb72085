import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { CodedError, type ErrorCode } from '@hx/contracts';
import { idempotencyKeys, type Db } from '@hx/db';
import { createBook, restoreBook, type Book, type BookSnapshot, type Side } from '@hx/engine';
import { accountIds, refKey, type AccountRef } from '@hx/ledger';
import type { Pair } from './pair.ts';
import { Batch, accountOf, cancel, place, type OrderState } from './matching.ts';
import { invitersOf, lockAvailable, nextOrderIds, openOrders, writeBatch } from './persist.ts';

/** A new order as the service validated it (engine units). */
export interface NewOrder {
  userId: number | null;
  side: Side;
  type: 'limit' | 'market';
  price: bigint | null;
  amount: bigint;
}

export interface IdempotencyRef {
  userId: number;
  key: string;
  route: string;
  hash: string;
}

type Job =
  | { kind: 'place'; order: NewOrder; idem?: IdempotencyRef }
  | { kind: 'cancel'; orderId: number; userId: number | null };

export type JobResult =
  { ok: true; order: OrderState; replay?: unknown } | { ok: false; code: ErrorCode };

interface Pending {
  job: Job;
  resolve: (result: JobResult) => void;
  reject: (err: unknown) => void;
}

export interface WriterDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** After a batch is durable: publish what changed. */
  committed: (pair: Pair, batch: Batch) => void;
}

const MAX_BATCH = 256;

/**
 * The single writer of one pair: commands queue here and run in order. Commands that arrive
 * while a batch is being written form the next batch, which is matched in memory and written in
 * one transaction (group commit); every caller is answered only after that commit. If the write
 * fails, the book is rebuilt from the database and the batch's commands are retried one by one,
 * so one bad command cannot take others down with it.
 */
export class PairWriter {
  book!: Book;
  /** Open orders by id: the money each one still holds. */
  readonly open = new Map<number, OrderState>();
  private queue: Pending[] = [];
  private running = false;
  private ids = new Map<string, number>();
  private inviters = new Map<number, number | null>();

  constructor(
    public pair: Pair,
    private readonly deps: WriterDeps,
  ) {}

  /** Rebuilds the book from the open orders, exactly as they were (same arrival order). */
  async load(): Promise<void> {
    const orders = await openOrders(this.deps.db, this.pair);
    this.open.clear();
    for (const order of orders) this.open.set(order.id, order);
    const byPriority = (side: Side) =>
      orders
        .filter((o) => o.side === side)
        .sort((a, b) =>
          a.price === b.price
            ? a.id - b.id
            : (side === 'buy' ? a.price! < b.price! : a.price! > b.price!)
              ? 1
              : -1,
        );
    const spec = this.pair.spec;
    const snapshot: BookSnapshot = {
      version: 1,
      spec: { ...spec, tick: spec.tick.toString(), step: spec.step.toString() },
      orders: [...byPriority('buy'), ...byPriority('sell')].map((o) => ({
        id: String(o.id),
        user: o.userId ?? 0,
        side: o.side,
        price: o.price!.toString(),
        amount: o.amount.toString(),
        remaining: (o.amount - o.filled).toString(),
        time: o.createdAt,
      })),
    };
    this.book = restoreBook(snapshot);
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
    if (units && this.book.size() > 0) throw new CodedError('PAIR_HAS_ORDERS');
    this.pair = pair;
    if (units) this.book = createBook(pair.spec);
  }

  submit(job: Job): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the commands of this tick join the batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.run(batch);
        } catch (err) {
          this.deps.log.error(
            { err, symbol: this.pair.symbol },
            'spot batch failed; retrying alone',
          );
          await this.load();
          for (const one of batch) {
            try {
              await this.run([one]);
            } catch (error) {
              await this.load();
              one.reject(error instanceof CodedError ? error : new CodedError('TRADING_BUSY'));
              if (!(error instanceof CodedError))
                this.deps.log.error({ err: error }, 'spot command failed');
            }
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async run(pending: Pending[]): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.now();
    const places = pending.filter((p) => p.job.kind === 'place');
    const orderIds = await nextOrderIds(db, places.length);
    const holders = new Set(
      pending.map((p) => (p.job.kind === 'place' ? p.job.order.userId : p.job.userId)),
    );
    const refs: AccountRef[] = [...holders].flatMap((h) => [
      accountOf(h, this.pair.baseCoin),
      accountOf(h, this.pair.quoteCoin),
    ]);
    await this.resolveIds(refs);

    const results: JobResult[] = [];
    const batch = new Batch();
    const saved = new Map<number, OrderState>();
    let learned = new Map<string, number>();
    await db.transaction(async (tx) => {
      const locked = await lockAvailable(tx, [
        ...new Set(refs.map((r) => this.ids.get(refKey(r))!)),
      ]);
      const available = new Map(
        refs.map((r) => [refKey(r), locked.get(this.ids.get(refKey(r))!) ?? 0n]),
      );
      const ctx = {
        pair: this.pair,
        book: this.book,
        open: this.open,
        available,
        batch,
        now: now.getTime(),
      };
      const firstOfKey = new Map<string, number>();
      let next = 0;
      for (const [i, { job }] of pending.entries()) {
        if (job.kind === 'cancel') {
          const code = cancel(ctx, job.orderId, job.userId);
          results.push(
            code ? { ok: false, code } : { ok: true, order: batch.orders.get(job.orderId)! },
          );
          continue;
        }
        const id = orderIds[next++]!;
        if (job.idem) {
          const replay = await this.replayOf(tx, job.idem, firstOfKey, i, results);
          if (replay) {
            results.push(replay);
            continue;
          }
        }
        const order: OrderState = {
          id,
          ...job.order,
          funds: null,
          filled: 0n,
          filledQuote: 0n,
          fee: 0n,
          locked: 0n,
          status: 'waiting',
          cancelReason: null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        const code = place(ctx, order);
        results.push(code ? { ok: false, code } : { ok: true, order });
      }
      for (const [id, order] of batch.orders) saved.set(id, { ...order });
      await this.resolveInviters(tx, batch);
      learned = await writeBatch(tx, this.pair, batch, now, this.inviters, this.ids);
      await this.saveResponses(tx, pending, results);
    });
    for (const [key, id] of learned) this.ids.set(key, id);
    this.deps.committed(this.pair, batch);
    for (const [i, p] of pending.entries()) {
      const result = results[i]!;
      p.resolve(
        result.ok && !result.replay
          ? { ok: true, order: saved.get(result.order.id) ?? result.order }
          : result,
      );
    }
  }

  /** A repeated Idempotency-Key answers with the first result instead of placing again. */
  private async replayOf(
    tx: Db,
    idem: IdempotencyRef,
    firstOfKey: Map<string, number>,
    index: number,
    results: JobResult[],
  ): Promise<JobResult | null> {
    const name = `${idem.userId}:${idem.key}`;
    const twin = firstOfKey.get(name);
    if (twin !== undefined) return results[twin] ?? null;
    firstOfKey.set(name, index);
    const [first] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.key, idem.key)));
    if (!first) return null;
    if (first.route !== idem.route || first.requestHash !== idem.hash)
      return { ok: false, code: 'IDEMPOTENCY_KEY_REUSED' };
    return { ok: true, order: undefined as never, replay: first.response };
  }

  private async saveResponses(tx: Db, pending: Pending[], results: JobResult[]): Promise<void> {
    const rows = pending.flatMap((p, i) => {
      const result = results[i]!;
      if (p.job.kind !== 'place' || !p.job.idem || !result.ok || result.replay) return [];
      const { userId, key, route, hash } = p.job.idem;
      return [
        {
          userId,
          key,
          route,
          requestHash: hash,
          response: { order_id: result.order.id },
          createdAt: this.deps.now(),
        },
      ];
    });
    if (rows.length > 0) await tx.insert(idempotencyKeys).values(rows).onConflictDoNothing();
  }

  private async resolveIds(refs: AccountRef[]): Promise<void> {
    const missing = refs.filter((r) => !this.ids.has(refKey(r)));
    if (missing.length === 0) return;
    const ids = await accountIds(this.deps.db, missing);
    for (const [key, id] of ids) this.ids.set(key, id);
  }

  /** Who invited each fee payer; an invitation never changes, so it is cached. */
  private async resolveInviters(tx: Db, batch: Batch): Promise<void> {
    const missing = [...new Set(batch.fees.map((f) => f.userId))].filter(
      (u) => !this.inviters.has(u),
    );
    for (const [id, inviter] of await invitersOf(tx, missing)) this.inviters.set(id, inviter);
  }
}
