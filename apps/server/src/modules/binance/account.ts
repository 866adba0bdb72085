import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { coins, spotOrders, spotTrades } from '@hx/db';
import { balances } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { binanceErrors } from './errors.ts';
import { accountTrade } from './order-view.ts';
import { windowParams, type OrderDeps, type Params, type Trader } from './orders.ts';
import { pairOf } from './symbols.ts';

/**
 * The caller's spot account (GET /api/v3/account) and fills (GET /api/v3/myTrades): the spot
 * sub-account of the ledger (`currency`, the app's "spot" balances), read as the app reads it.
 */

/** Fee rates as Binance's commission fields: basis points and decimal rates. */
function commissions(deps: OrderDeps) {
  const first = [...deps.spot.pairs.values()].find((p) => p.enabled);
  const maker = new Decimal(first?.makerFeeText ?? '0');
  const taker = new Decimal(first?.takerFeeText ?? '0');
  return {
    makerCommission: maker.times(10_000).toNumber(),
    takerCommission: taker.times(10_000).toNumber(),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: {
      maker: maker.toFixed(8),
      taker: taker.toFixed(8),
      buyer: '0.00000000',
      seller: '0.00000000',
    },
  };
}

/** GET /api/v3/account: balances with `free`/`locked` (`omitZeroBalances=true` drops empty ones). */
export async function account(
  deps: OrderDeps,
  trader: Trader & { frozen?: boolean },
  params: Params,
) {
  const omitZero = params.omitZeroBalances === 'true';
  const [held, list] = await Promise.all([
    balances(deps.db, trader.userId, { sub: 'currency' }),
    deps.db.select().from(coins).orderBy(asc(coins.sort), asc(coins.id)),
  ]);
  const byCoin = new Map(held.map((b) => [b.coin, b]));
  const rows = list.map((coin) => {
    const b = byCoin.get(coin.id);
    return {
      asset: coin.name,
      free: new Decimal(b?.available ?? '0').toFixed(8, Decimal.ROUND_DOWN),
      locked: new Decimal(b?.frozen ?? '0').toFixed(8, Decimal.ROUND_DOWN),
    };
  });
  return {
    ...commissions(deps),
    canTrade: !trader.frozen,
    canWithdraw: false,
    canDeposit: false,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: deps.clock.now().getTime(),
    accountType: 'SPOT',
    balances: omitZero ? rows.filter((r) => Number(r.free) > 0 || Number(r.locked) > 0) : rows,
    permissions: ['SPOT'],
    uid: trader.userId,
  };
}

/**
 * GET /api/v3/myTrades: the caller's fills on a pair, from `fromId` or in a time window (at most
 * 24 hours apart, -1127), or of one `orderId`; oldest first.
 */
export async function myTrades(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const { startTime, endTime, limit, int } = windowParams(params);
  const fromId = int('fromId');
  const orderId = int('orderId');
  if (fromId !== undefined && (startTime !== undefined || endTime !== undefined))
    throw binanceErrors.badCombo();
  if (startTime !== undefined && endTime !== undefined && endTime - startTime > 86_400_000)
    throw binanceErrors.badCombo();
  const where: SQL[] = [eq(spotOrders.userId, trader.userId), eq(spotTrades.symbol, pair.symbol)];
  if (orderId !== undefined) where.push(eq(spotOrders.id, orderId));
  if (fromId !== undefined) where.push(gte(spotTrades.id, fromId));
  if (startTime !== undefined) where.push(gte(spotTrades.time, startTime));
  if (endTime !== undefined) where.push(lte(spotTrades.time, endTime));
  const latest = fromId === undefined && startTime === undefined;
  const rows = await deps.db
    .select({ trade: spotTrades, order: spotOrders })
    .from(spotTrades)
    .innerJoin(
      spotOrders,
      or(eq(spotOrders.id, spotTrades.makerOrderId), eq(spotOrders.id, spotTrades.takerOrderId)),
    )
    .where(and(...where))
    .orderBy(
      ...(latest
        ? [desc(spotTrades.id), desc(spotOrders.id)]
        : [asc(spotTrades.id), asc(spotOrders.id)]),
    )
    .limit(limit);
  if (latest) rows.reverse();
  return rows.map(({ trade, order }) => accountTrade(pair, order, trade));
}
