import { and, asc, count, desc, eq, gte, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FinanceCancelResult,
  FinanceConfig,
  FinanceOrder,
  FinanceProduct,
  FinanceReport,
  financeBuyBody,
  financeOrderQuery,
} from '@hx/protocol';
import { PENALTY_MULTIPLE } from '@hx/protocol';
import { coins, financeInterest, financeOrders, financeProducts, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, plain, show } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import { usdtValue } from '../coins/prices.ts';
import { utcDayStart } from '../wallet/service.ts';
import { payNextDay } from './job.ts';
import { productOnSale } from './products.ts';
import { DAY_MS, dailyInterest, penaltyOf, penaltyRateOf, plainRate } from './terms.ts';

type ProductRow = typeof financeProducts.$inferSelect;
type OrderRow = typeof financeOrders.$inferSelect;
type CoinInfo = { name: string; decimals: number };

function productView(p: ProductRow, coin: CoinInfo): FinanceProduct {
  return {
    id: p.id,
    name: p.name,
    currency_id: p.coinId,
    currency_name: coin.name,
    days: p.days,
    min_amount: show(p.minAmount, coin.decimals),
    max_amount: p.maxAmount === null ? null : show(p.maxAmount, coin.decimals),
    daily_rate: plainRate(p.dailyRate),
    penalty_rate: plainRate(penaltyRateOf(p.dailyRate, p.penaltyRate)),
    total_rate: new Decimal(p.dailyRate).times(p.days).toFixed(),
  };
}

/** The products on sale, in the operator's order. */
export async function listProducts(app: Pick<ServerDeps, 'db'>): Promise<FinanceProduct[]> {
  const rows = await app.db
    .select({ p: financeProducts, name: coins.name, decimals: coins.decimals })
    .from(financeProducts)
    .innerJoin(coins, eq(coins.id, financeProducts.coinId))
    .where(eq(financeProducts.enabled, true))
    .orderBy(asc(financeProducts.sort), asc(financeProducts.id));
  return rows.map(({ p, ...coin }) => productView(p, coin));
}

/** The rules of the rule page, with the spec's examples worked by the same formulas. */
export function financeConfig(): FinanceConfig {
  const interest = { amount: '10000', daily_rate: '0.004', days: 15 };
  const daily = dailyInterest(interest.amount, interest.daily_rate, 2);
  const penalty = { amount: '1000', penalty_rate: '0.004', days_left: 3 };
  return {
    penalty_multiple: PENALTY_MULTIPLE,
    interest_example: {
      ...interest,
      daily: plain(daily),
      total: plain(new Decimal(daily).times(interest.days)),
    },
    penalty_example: {
      ...penalty,
      penalty: plain(penaltyOf(penalty.amount, penalty.penalty_rate, penalty.days_left, 2)),
    },
  };
}

export function orderView(o: OrderRow, product: string, coin: CoinInfo): FinanceOrder {
  const daysLeft = o.status === 'custody' ? o.days - o.paidDays : 0;
  const daily = dailyInterest(o.amount, o.dailyRate, coin.decimals);
  return {
    id: o.id,
    product_id: o.productId,
    name: product,
    currency_id: o.coinId,
    currency_name: coin.name,
    amount: show(o.amount, coin.decimals),
    daily_rate: plainRate(o.dailyRate),
    penalty_rate: plainRate(o.penaltyRate),
    days: o.days,
    days_paid: o.paidDays,
    days_left: daysLeft,
    daily_income: daily,
    expected_total: show(new Decimal(daily).times(o.days), coin.decimals),
    earned: show(o.earned, coin.decimals),
    penalty_if_redeemed:
      o.status === 'custody' ? penaltyOf(o.amount, o.penaltyRate, daysLeft, coin.decimals) : '0',
    penalty: o.penalty === null ? null : show(o.penalty, coin.decimals),
    returned: o.returned === null ? null : show(o.returned, coin.decimals),
    status: o.status,
    created_at: o.startAt.getTime(),
    end_at: o.endAt.getTime(),
    closed_at: o.closedAt ? o.closedAt.getTime() : null,
  };
}

/**
 * Buys a product from the trust account: the principal moves from available to frozen (it stays
 * the user's, in custody) and the order starts now on the product's current terms.
 */
export async function buy(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  { user, claim }: UserContext,
  body: z.output<typeof financeBuyBody>,
): Promise<FinanceOrder> {
  assertCanMove(user);
  const product = await productOnSale(app.db, body.product_id);
  if (!product) throw new AppError('FINANCE_PRODUCT_INVALID');
  const coin = await coinById(app.db, product.coinId);
  const amount = assertPrecision(body.amount, coin);
  if (amount.lt(product.minAmount))
    throw new AppError('FINANCE_BELOW_MIN', { min: plain(product.minAmount), coin: coin.name });
  if (product.maxAmount !== null && amount.gt(product.maxAmount))
    throw new AppError('FINANCE_ABOVE_MAX', { max: plain(product.maxAmount), coin: coin.name });
  const trust = { user: user.id, sub: 'trust' as const, coin: coin.id };
  await app.ledger.accounts([trust]);
  // No SQL of its own: the order row and its freeze are written with the writer's batch.
  return app.ledger.submit(
    async (job) => {
      const now = app.clock.now();
      const order: typeof financeOrders.$inferSelect = {
        id: await job.nextId('finance_orders'),
        userId: user.id,
        productId: product.id,
        coinId: coin.id,
        amount: amount.toFixed(),
        dailyRate: product.dailyRate,
        penaltyRate: penaltyRateOf(product.dailyRate, product.penaltyRate),
        days: product.days,
        status: 'custody',
        paidDays: 0,
        earned: '0',
        penalty: null,
        returned: null,
        startAt: now,
        endAt: new Date(now.getTime() + product.days * DAY_MS),
        closedAt: null,
      };
      await job.post({
        kind: 'finance_buy',
        refType: 'finance_order',
        refId: order.id,
        at: now,
        lines: [
          { account: trust, bucket: 'available', amount: amount.negated() },
          { account: trust, bucket: 'frozen', amount },
        ],
      });
      job.insert(financeOrders, order);
      return orderView(order, product.name, coin);
    },
    { claim, accounts: [trust] },
  );
}

export async function listOrders(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  query: z.output<typeof financeOrderQuery>,
) {
  const where = and(eq(financeOrders.userId, userId), eq(financeOrders.status, query.status));
  const rows = await app.db
    .select({
      o: financeOrders,
      product: financeProducts.name,
      name: coins.name,
      decimals: coins.decimals,
    })
    .from(financeOrders)
    .innerJoin(financeProducts, eq(financeProducts.id, financeOrders.productId))
    .innerJoin(coins, eq(coins.id, financeOrders.coinId))
    .where(where)
    .orderBy(desc(financeOrders.startAt), desc(financeOrders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db.select({ n: count() }).from(financeOrders).where(where);
  return {
    list: rows.map(({ o, product, ...coin }) => orderView(o, product, coin)),
    total: total?.n ?? 0,
    page: query.page,
  };
}

const lockOrder = (tx: Db, id: number, userId: number) =>
  tx
    .select()
    .from(financeOrders)
    .where(and(eq(financeOrders.id, id), eq(financeOrders.userId, userId)))
    .for('update');

/**
 * Early redemption: days already due are paid first (they were earned), then the principal less
 * ratio × remaining days × principal returns to the available balance; the penalty goes to
 * `payouts`, the account that pays the interest. Interest already paid stays.
 */
export async function redeem(
  app: Pick<ServerDeps, 'clock' | 'ledger'>,
  { user, claim }: UserContext,
  id: number,
): Promise<FinanceCancelResult> {
  assertCanMove(user);
  const done = await app.ledger.transaction(
    async (tx) => {
      const now = app.clock.now();
      const [locked] = await lockOrder(tx, id, user.id);
      if (!locked) throw new AppError('ORDER_NOT_FOUND');
      // At maturity the order completes (the job returns the principal): nothing to redeem.
      if (locked.status !== 'custody' || locked.endAt <= now)
        throw new AppError('FINANCE_ORDER_CLOSED');
      while (await payNextDay(tx, id, now));
      const [order] = await lockOrder(tx, id, user.id);
      const coin = await coinById(tx, order!.coinId);
      const principal = new Decimal(order!.amount);
      const penalty = penaltyOf(
        principal,
        order!.penaltyRate,
        order!.days - order!.paidDays,
        coin.decimals,
      );
      const returned = principal.minus(penalty);
      const trust = { user: user.id, sub: 'trust' as const, coin: coin.id };
      const lines = [
        { account: trust, bucket: 'frozen' as const, amount: principal.negated() },
        ...(returned.gt(0) ? [{ account: trust, amount: returned }] : []),
        ...(new Decimal(penalty).gt(0)
          ? [{ account: { platform: 'payouts' as const, coin: coin.id }, amount: penalty }]
          : []),
      ];
      await post(tx, {
        kind: 'finance_redeem',
        refType: 'finance_order',
        refId: id,
        at: now,
        lines,
      });
      await tx
        .update(financeOrders)
        .set({ status: 'redeemed', penalty, returned: returned.toFixed(), closedAt: now })
        .where(eq(financeOrders.id, id));
      return {
        id,
        principal: show(principal, coin.decimals),
        penalty: show(penalty, coin.decimals),
        returned: show(returned, coin.decimals),
      };
    },
    { claim },
  );
  return done;
}

/** Totals per coin and in USDT: in custody now, interest due today, interest earned in all. */
export async function report(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  userId: number,
): Promise<FinanceReport> {
  const today = utcDayStart(app.clock.now());
  const [orders, earnedToday, allCoins] = await Promise.all([
    app.db
      .select({
        coinId: financeOrders.coinId,
        invested: sql<string>`coalesce(sum(${financeOrders.amount}) filter (where ${financeOrders.status} = 'custody'), 0)`,
        custody: sql<number>`count(*) filter (where ${financeOrders.status} = 'custody')`.mapWith(
          Number,
        ),
        earned: sum(financeOrders.earned),
      })
      .from(financeOrders)
      .where(eq(financeOrders.userId, userId))
      .groupBy(financeOrders.coinId),
    app.db
      .select({ coinId: financeInterest.coinId, amount: sum(financeInterest.amount) })
      .from(financeInterest)
      .where(and(eq(financeInterest.userId, userId), gte(financeInterest.dueAt, today)))
      .groupBy(financeInterest.coinId),
    app.db.select().from(coins),
  ]);
  const usdtDecimals = allCoins.find((c) => c.name === 'USDT')?.decimals ?? 4;
  const today$ = new Map(earnedToday.map((r) => [r.coinId, r.amount ?? '0']));
  const totals = {
    invested: new Decimal(0),
    earned_today: new Decimal(0),
    earned_total: new Decimal(0),
  };
  const perCoin = orders.map((row) => {
    const coin = allCoins.find((c) => c.id === row.coinId)!;
    const amounts = {
      invested: row.invested,
      earned_today: today$.get(row.coinId) ?? '0',
      earned_total: row.earned ?? '0',
    };
    for (const key of ['invested', 'earned_today', 'earned_total'] as const)
      totals[key] = totals[key].plus(usdtValue(coin.name, amounts[key], app.prices, usdtDecimals));
    return {
      currency_id: coin.id,
      currency_name: coin.name,
      invested: show(amounts.invested, coin.decimals),
      earned_today: show(amounts.earned_today, coin.decimals),
      earned_total: show(amounts.earned_total, coin.decimals),
    };
  });
  return {
    invested: totals.invested.toFixed(usdtDecimals),
    earned_today: totals.earned_today.toFixed(usdtDecimals),
    earned_total: totals.earned_total.toFixed(usdtDecimals),
    orders_in_custody: orders.reduce((n, r) => n + r.custody, 0),
    coins: perCoin,
  };
}
