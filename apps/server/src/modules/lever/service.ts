import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LeverDeal,
  LeverPosition,
  leverCloseAllBody,
  leverListBody,
  leverSetStopBody,
  leverSubmitBody,
} from '@hx/protocol';
import { leverPositions } from '@hx/db';
import { balances, type Line } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import {
  entryPrice,
  fee as feeOf,
  liquidationPrice,
  margin as marginOf,
  stopProblem,
  trailingProblem,
} from './math.ts';
import { listPairs, MARGIN_COIN, pairOf } from './pairs.ts';
import { cancelWaiting, closeAt, closeHeld, recordFeeWith } from './settle.ts';
import { HeldPositions } from './held.ts';
import type { TriggerRunner } from './triggers.ts';
import { NOT_CLOSED, positionView, type Mark, type PositionRow } from './view.ts';

type PriceDeps = Pick<ServerDeps, 'clock' | 'market'>;
const places = (v: string) => (v.split('.')[1] ?? '').length;

/** Opens and closes at market go by the index: refused while it is stale (too few venues). */
function assertFresh(app: Pick<ServerDeps, 'priceIndex'>, symbol: string): void {
  if (app.priceIndex.get(symbol).stale) throw new AppError('INDEX_STALE');
}

/** The last recorded price, read after everything ingested is on record (PRICE_UNAVAILABLE before the first). */
async function recordedPrice(app: PriceDeps, symbol: string): Promise<Mark> {
  const mark = await app.market.priceAt(symbol, app.clock.now().getTime());
  if (!mark) throw new AppError('PRICE_UNAVAILABLE');
  return mark;
}

type TrailingFields = Pick<
  z.output<typeof leverSetStopBody>,
  'trailing_distance' | 'trailing_unit'
>;

/** A trailing distance in price (checked against the pair's price decimals); a percent is not. */
const priceDistance = (body: TrailingFields) =>
  body.trailing_unit === 'price' ? body.trailing_distance : undefined;

/** The trailing stop's columns: none, or the distance and unit from `peak` (null: from the fill). */
function trailingColumns(body: TrailingFields, peak: string | null) {
  const set = body.trailing_distance !== undefined;
  return {
    trailingDistance: set ? body.trailing_distance! : null,
    trailingUnit: set ? body.trailing_unit : null,
    trailingPeak: set ? peak : null,
  };
}

export class LeverService {
  private readonly held = new HeldPositions();

  constructor(
    private readonly app: Pick<
      ServerDeps,
      'clock' | 'db' | 'hub' | 'ledger' | 'market' | 'priceIndex'
    >,
    readonly triggers: TriggerRunner,
  ) {}

  private view(row: PositionRow): LeverPosition {
    const live = row.status === 'holding' ? this.app.market.last(row.symbol) : null;
    return positionView(row, live, this.triggers.decimalsOf(row.coinId));
  }

  private publish(row: PositionRow): void {
    this.app.hub.publishToUser(row.userId, 'positions', this.view(row));
  }

  private async own(userId: number, id: number): Promise<PositionRow> {
    const [row] = await this.app.db
      .select()
      .from(leverPositions)
      .where(and(eq(leverPositions.id, id), eq(leverPositions.userId, userId)));
    if (!row) throw new AppError('LEVER_POSITION_NOT_FOUND');
    return row;
  }

  /** Pairs with their terms and last recorded price, and the user's contract balance. */
  async deal(userId: number): Promise<LeverDeal> {
    const pairs = (await listPairs(this.app.db)).filter((p) => this.app.market.has(p.symbol));
    const [account] = await balances(this.app.db, userId, {
      sub: 'contract',
      coins: [MARGIN_COIN],
    });
    const decimals = this.triggers.decimalsOf(MARGIN_COIN);
    return {
      pairs: pairs.map((p) => {
        const spec = this.app.market.spec(p.symbol);
        const last = this.app.market.last(p.symbol);
        return {
          symbol: p.symbol,
          name: spec.name,
          currency_id: p.coinId,
          lot_size: new Decimal(p.lotSize).toFixed(),
          multiples: [...p.multiples].sort((a, b) => a - b),
          spread: new Decimal(p.spread).toFixed(),
          fee_rate: new Decimal(p.feeRate).toFixed(),
          maintenance_ratio: new Decimal(p.maintenanceRatio).toFixed(),
          price: last?.price ?? null,
          price_time: last?.time ?? null,
          price_precision: spec.pricePrecision,
        };
      }),
      balance: {
        currency_id: MARGIN_COIN,
        available: new Decimal(account?.available ?? 0).toFixed(decimals),
        frozen: new Decimal(account?.frozen ?? 0).toFixed(decimals),
      },
    };
  }

  /**
   * Opens a position at the recorded price (market), or places a limit entry that waits. Margin
   * and fee leave the contract account's available balance: a market entry freezes the margin and
   * pays the fee; a limit entry freezes both until it fills or is cancelled.
   */
  async submit(
    { user, claim }: UserContext,
    body: z.output<typeof leverSubmitBody>,
  ): Promise<LeverPosition> {
    const { app } = this;
    assertCanMove(user);
    const pair = await pairOf(app.db, body.symbol);
    if (!app.market.has(pair.symbol)) throw new AppError('LEVER_PAIR_UNAVAILABLE');
    if (!pair.multiples.includes(body.multiple)) throw new AppError('LEVER_MULTIPLE_INVALID');
    const precision = app.market.spec(pair.symbol).pricePrecision;
    for (const v of [body.price, body.stop_profit, body.stop_loss, priceDistance(body)])
      if (v !== undefined && places(v) > precision) throw new AppError('PRICE_PRECISION');
    const coinDecimals = this.triggers.decimalsOf(pair.coinId);
    const terms = {
      side: body.side,
      lots: body.lots,
      multiple: body.multiple,
      lotSize: pair.lotSize,
    };
    const contract = { user: user.id, sub: 'contract' as const, coin: pair.coinId };
    const fees = { platform: 'fees' as const, coin: pair.coinId };
    await app.ledger.accounts([contract, fees]);

    // No tick batch runs between the price read here and the new position's tracking.
    const row = await this.triggers.shared(async () => {
      assertFresh(app, pair.symbol);
      const mark = await recordedPrice(app, pair.symbol);
      const market = entryPrice(body.side, mark.price, pair.spread, precision);
      let price = market;
      if (body.type === 'limit') {
        price = new Decimal(body.price!);
        if (body.side === 'long' ? price.gte(market) : price.lte(market))
          throw new AppError('LEVER_LIMIT_SIDE');
      }
      // Stops against the price now (market) or the price the entry waits for (limit).
      const problem = stopProblem(
        body.side,
        body.type === 'limit' ? price : mark.price,
        body.stop_profit,
        body.stop_loss,
      );
      if (problem) throw new AppError(problem);
      const reference = body.type === 'limit' ? price : mark.price;
      const trailing = trailingProblem(
        body.side,
        reference,
        body.trailing_distance,
        body.trailing_unit,
      );
      if (trailing) throw new AppError(trailing);
      const margin = marginOf(price, terms, coinDecimals);
      const fee = feeOf(price, terms, pair.feeRate, coinDecimals);
      const now = app.clock.now();
      const waiting = body.type === 'limit';
      // No SQL of its own: the position, its entry and its fee record go with the writer's batch.
      let made: PositionRow | undefined;
      const { id } = await app.ledger.submit(
        async (job) => {
          const position: PositionRow = {
            id: await job.nextId('lever_positions'),
            userId: user.id,
            symbol: pair.symbol,
            coinId: pair.coinId,
            side: body.side,
            type: body.type,
            status: waiting ? 'waiting' : 'holding',
            lots: body.lots,
            multiple: body.multiple,
            lotSize: pair.lotSize,
            spread: pair.spread,
            feeRate: pair.feeRate,
            maintenanceRatio: pair.maintenanceRatio,
            limitPrice: waiting ? price.toFixed() : null,
            openPrice: waiting ? null : price.toFixed(),
            openTickPrice: waiting ? null : mark.price,
            openTime: waiting ? null : mark.time,
            margin: margin.toFixed(),
            fee: fee.toFixed(),
            stopProfit: body.stop_profit ?? null,
            stopLoss: body.stop_loss ?? null,
            liquidationPrice: waiting
              ? null
              : liquidationPrice(body.side, price, body.multiple, pair.maintenanceRatio).toFixed(),
            ...NOT_CLOSED,
            ...trailingColumns(body, waiting ? null : mark.price),
            createdAt: now.getTime(),
            updatedAt: now.getTime(),
          };
          const lines: Line[] = [
            { account: contract, amount: margin.plus(fee).negated() },
            { account: contract, bucket: 'frozen', amount: waiting ? margin.plus(fee) : margin },
          ];
          if (!waiting && fee.gt(0)) lines.push({ account: fees, amount: fee });
          const memo = { price: price.toFixed(), tick: mark.price, price_time: mark.time };
          await job.post({
            kind: waiting ? 'contract_order' : 'contract_open',
            refType: 'lever_position',
            refId: position.id,
            at: now,
            memo: JSON.stringify(memo),
            lines,
          });
          job.insert(leverPositions, position);
          if (!waiting) recordFeeWith(job, position, now);
          made = position;
          return { id: position.id };
        },
        { claim, accounts: [contract, fees] },
      );
      // A repeated Idempotency-Key answers the first position's id: read it as it is now.
      const row = made?.id === id ? made : await this.own(user.id, id);
      this.triggers.track(row);
      this.held.remember(row);
      return row;
    });
    this.publish(row);
    return this.view(row);
  }

  /** Closes a holding position at the last recorded price. */
  async close({ user, claim }: UserContext, id: number): Promise<LeverPosition> {
    const row = this.held.of(user.id, id) ?? (await this.own(user.id, id));
    if (row.status !== 'holding' || row.openPrice === null) throw new AppError('LEVER_NOT_HOLDING');
    assertFresh(this.app, row.symbol);
    const mark = await recordedPrice(this.app, row.symbol);
    const accounts = [
      { user: user.id, sub: 'contract' as const, coin: row.coinId },
      { platform: 'payouts' as const, coin: row.coinId },
    ];
    await this.app.ledger.accounts(accounts);
    const close = closeHeld(
      row,
      mark,
      'manual',
      this.app.clock.now(),
      this.triggers.decimalsOf(row.coinId),
    );
    const closed = await this.app.ledger.submit(close.post, {
      claim,
      accounts,
      move: close.move,
    });
    this.held.forget(id);
    if (!closed) throw new AppError('LEVER_NOT_HOLDING');
    this.triggers.forget(id);
    this.publish(closed);
    return this.view(closed);
  }

  /** Closes every holding position of the user (or only longs, only shorts; one symbol) at once. */
  async closeAll(
    { user }: UserContext,
    body: z.output<typeof leverCloseAllBody>,
  ): Promise<LeverPosition[]> {
    const where = [eq(leverPositions.userId, user.id), eq(leverPositions.status, 'holding')];
    if (body.side !== 'all') where.push(eq(leverPositions.side, body.side));
    if (body.symbol) where.push(eq(leverPositions.symbol, body.symbol));
    const rows = await this.app.db
      .select()
      .from(leverPositions)
      .where(and(...where))
      .orderBy(leverPositions.id);
    const marks = new Map<string, Mark>();
    for (const symbol of new Set(rows.map((r) => r.symbol))) assertFresh(this.app, symbol);
    for (const symbol of new Set(rows.map((r) => r.symbol)))
      marks.set(symbol, await recordedPrice(this.app, symbol));
    const now = this.app.clock.now();
    const closed = await this.app.ledger.transaction(async (tx) => {
      const out: PositionRow[] = [];
      for (const r of rows) {
        const c = await closeAt(
          tx,
          r.id,
          marks.get(r.symbol)!,
          'manual',
          now,
          this.triggers.decimalsOf(r.coinId),
        );
        if (c) out.push(c);
      }
      return out;
    });
    for (const c of closed) {
      this.triggers.forget(c.id);
      this.publish(c);
    }
    return closed.map((c) => this.view(c));
  }

  /** Withdraws a limit entry that still waits: its margin and fee return. */
  async cancel({ user }: UserContext, id: number): Promise<LeverPosition> {
    const row = await this.own(user.id, id);
    if (row.status !== 'waiting') throw new AppError('LEVER_NOT_WAITING');
    const cancelled = await this.app.ledger.transaction((tx) =>
      cancelWaiting(tx, id, user.id, this.app.clock.now()),
    );
    if (!cancelled) throw new AppError('LEVER_NOT_WAITING');
    this.triggers.forget(id);
    this.publish(cancelled);
    return this.view(cancelled);
  }

  /**
   * Sets both stops (an empty one is removed). They must lie on the right side of the last
   * recorded price (of the limit price while the entry waits).
   */
  async setStop(
    { user }: UserContext,
    body: z.output<typeof leverSetStopBody>,
  ): Promise<LeverPosition> {
    const { app } = this;
    const row = await this.own(user.id, body.id);
    if (row.status !== 'holding' && row.status !== 'waiting')
      throw new AppError('LEVER_NOT_HOLDING');
    const precision = app.market.spec(row.symbol).pricePrecision;
    for (const v of [body.stop_profit, body.stop_loss, priceDistance(body)])
      if (v !== undefined && places(v) > precision) throw new AppError('PRICE_PRECISION');
    const updated = await this.triggers.exclusive(async () => {
      const reference =
        row.status === 'waiting' ? row.limitPrice! : (await recordedPrice(app, row.symbol)).price;
      const problem =
        stopProblem(row.side, reference, body.stop_profit, body.stop_loss) ??
        trailingProblem(row.side, reference, body.trailing_distance, body.trailing_unit);
      if (problem) throw new AppError(problem);
      // Read again inside the turn: the peak a kept trailing stop goes on from is the saved one.
      const current = await this.own(user.id, body.id);
      const kept =
        body.trailing_distance !== undefined &&
        current.trailingDistance !== null &&
        current.trailingUnit === body.trailing_unit &&
        new Decimal(current.trailingDistance).eq(body.trailing_distance);
      const [next] = await app.db
        .update(leverPositions)
        .set({
          stopProfit: body.stop_profit ?? null,
          stopLoss: body.stop_loss ?? null,
          // The same trailing stop keeps following its peak; a new one starts from the mark now.
          ...(kept ? {} : trailingColumns(body, row.status === 'waiting' ? null : reference)),
          updatedAt: app.clock.now().getTime(),
        })
        .where(and(eq(leverPositions.id, row.id), eq(leverPositions.status, row.status)))
        .returning();
      if (!next) throw new AppError('LEVER_NOT_HOLDING');
      this.triggers.track(next);
      return next;
    });
    this.publish(updated);
    return this.view(updated);
  }

  /** The user's positions of one tab, newest first; `holding` includes limit entries that wait. */
  async list(userId: number, q: z.output<typeof leverListBody>) {
    const statuses: PositionRow['status'][] =
      q.status === 'holding' ? ['waiting', 'holding'] : [q.status];
    const where = and(
      eq(leverPositions.userId, userId),
      inArray(leverPositions.status, statuses),
      q.symbol ? eq(leverPositions.symbol, q.symbol) : undefined,
    );
    const [total] = await this.app.db.select({ n: count() }).from(leverPositions).where(where);
    const rows = await this.app.db
      .select()
      .from(leverPositions)
      .where(where)
      .orderBy(desc(leverPositions.createdAt), desc(leverPositions.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: rows.map((r) => this.view(r)), total: total?.n ?? 0, page: q.page };
  }
}
