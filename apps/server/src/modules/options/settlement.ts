import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { optionOrders } from '@hx/db';
import { post, type Line } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { Periodic } from '../../lib/periodic.ts';
import { coinById } from '../coins/coins.ts';
import { show } from '../coins/amounts.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { atPrecision, outcome, payout } from './outcome.ts';
import { publishOrder } from './service.ts';

type Close = { price: string; time: number };

export interface SettlementOptions {
  /** Orders looked at per run. */
  batch?: number;
  intervalMs?: number;
  /**
   * A due order waits until the market has recorded a tick after its delivery time (so no tick
   * at or before delivery can still arrive), or this long past delivery on a quiet market.
   */
  graceMs?: number;
}

/**
 * The settlement job of timed options. `runOnce(now)` settles every due order on the last
 * recorded price at or before its delivery time. Each order is claimed with
 * `FOR UPDATE SKIP LOCKED` and settled in its own transaction together with its ledger entry
 * (idempotency key `option:<id>:settle`), and only while still open: a restart, a second run
 * or a second process never settles an order twice or skips one.
 */
export class OptionSettlement {
  private readonly batch: number;
  private readonly intervalMs: number;
  private readonly graceMs: number;

  constructor(
    private readonly app: Pick<
      ServerDeps,
      'clock' | 'config' | 'db' | 'hub' | 'ledger' | 'log' | 'market' | 'priceIndex'
    >,
    options: SettlementOptions = {},
  ) {
    this.batch = options.batch ?? 200;
    this.intervalMs = options.intervalMs ?? 1000;
    this.graceMs = options.graceMs ?? 10_000;
  }

  /** Settles what is due at `now`; returns how many orders this run settled. */
  async runOnce(now = this.app.clock.now().getTime()): Promise<number> {
    const { db, market } = this.app;
    let settled = 0;
    let after = { time: -1, id: 0 };
    for (;;) {
      // Keyset pages of due orders: one still waiting for its price is passed, not re-read.
      const due = await db
        .select({ id: optionOrders.id, symbol: optionOrders.symbol, at: optionOrders.settleTime })
        .from(optionOrders)
        .where(
          and(
            eq(optionOrders.status, 'open'),
            lte(optionOrders.settleTime, now),
            sql`(${optionOrders.settleTime}, ${optionOrders.id}) > (${after.time}, ${after.id})`,
          ),
        )
        .orderBy(asc(optionOrders.settleTime), asc(optionOrders.id))
        .limit(this.batch);
      for (const order of due) {
        after = { time: order.at, id: order.id };
        const last = market.last(order.symbol);
        const passed = last !== null && last.time >= order.at;
        if (!passed && now < order.at + this.graceMs) continue; // the record may still grow
        const close = await this.closeOf(order, now);
        if (close === 'wait') continue; // nothing recorded: never settle on an invented price
        if (await this.settle(order, close, now)) settled += 1;
      }
      if (due.length < this.batch) break;
    }
    return settled;
  }

  /**
   * The closing price: the last recorded at or before delivery; when the index was stale then,
   * the first fresh one after it, or null (a refund) once `OPTION_STALE_REFUND_S` has passed.
   */
  private async closeOf(
    order: { symbol: string; at: number },
    now: number,
  ): Promise<Close | null | 'wait'> {
    const { market, priceIndex, config } = this.app;
    const close = await market.priceAt(order.symbol, order.at);
    if (!priceIndex.staleAt(order.symbol, order.at, close?.time ?? null)) return close ?? 'wait';
    const next = await priceIndex.firstAfter(order.symbol, order.at);
    if (next) return next;
    return now >= order.at + config.optionStaleRefundMs ? null : 'wait';
  }

  /**
   * Claims one order (skipping it if another worker holds it) and settles it; with no closing
   * price (the index stale past the refund window) the stake goes back.
   */
  private async settle(
    { id, symbol }: { id: number; symbol: string },
    close: Close | null,
    now: number,
  ): Promise<boolean> {
    const { market, priceIndex } = this.app;
    const sources = close && (await priceIndex.sourcesAt(symbol, close.time));
    const after = new AfterCommit();
    const done = await this.app.ledger.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(optionOrders)
        .where(and(eq(optionOrders.id, id), eq(optionOrders.status, 'open')))
        .for('update', { skipLocked: true });
      if (!order) return false; // settled already, or being settled by another worker
      const coin = await coinById(tx, order.coinId);
      const dp = market.spec(order.symbol).pricePrecision;
      const result = close ? outcome(order.type, order.openPrice, close.price, dp) : 'refund';
      const { paid, profit } = payout(result, order.number, order.profitRate, coin.decimals);
      const stake = new Decimal(order.number);
      const user = { user: order.userId, sub: 'options' as const, coin: coin.id };
      const house = { platform: 'payouts' as const, coin: coin.id };
      // The frozen stake leaves; what is paid lands in available; the house takes or pays the rest.
      const lines: Line[] = [{ account: user, bucket: 'frozen', amount: stake.negated() }];
      if (paid.gt(0)) lines.push({ account: user, amount: paid });
      const houseDelta = stake.minus(paid);
      if (!houseDelta.isZero()) lines.push({ account: house, amount: houseDelta });
      await post(tx, {
        kind: `option_${result}`,
        refType: 'option',
        refId: order.id,
        idempotencyKey: `option:${order.id}:settle`,
        at: new Date(now),
        memo: JSON.stringify(
          close
            ? { close_price: close.price, close_time: close.time }
            : { refund: 'index stale past OPTION_STALE_REFUND_S' },
        ),
        lines,
      });
      await tx
        .update(optionOrders)
        .set({
          status: 'settled',
          closePrice: close && atPrecision(close.price, dp),
          closeTime: close?.time ?? null,
          closeSources: sources,
          result,
          profit: profit.toFixed(),
          settledAt: now,
        })
        .where(eq(optionOrders.id, order.id));
      const spec = market.spec(order.symbol);
      const facts = {
        option_order_id: order.id,
        symbol: order.symbol,
        name: spec.name,
        type: order.type,
        amount: show(stake, coin.decimals),
        coin: coin.name,
        open_price: atPrecision(order.openPrice, dp),
        payout: show(paid, coin.decimals),
      };
      const at = new Date(now);
      const userId = order.userId;
      if (close)
        await after.notify(tx, {
          userId,
          at,
          kind: `option_${result}`,
          facts: { ...facts, close_price: atPrecision(close.price, dp) },
        });
      else {
        // No recorded price to settle on: the user is told why, not "it ended level".
        const minutes = Math.round((now - order.settleTime) / 60_000);
        await after.notify(tx, {
          userId,
          at,
          kind: 'option_refund_stale',
          facts: { ...facts, minutes },
        });
      }
      return true;
    });
    if (done) {
      void publishOrder(this.app, id);
      await after.send(this.app);
    }
    return done;
  }

  private readonly periodic = new Periodic(
    () => this.runOnce(),
    (err) => this.app.log.error({ err }, 'option settlement failed'),
    'option_settlement',
  );

  /** Runs every second until stopped; a run never overlaps the previous one. */
  start(): void {
    this.periodic.start(this.intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
