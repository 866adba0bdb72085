import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { coins, optionOrders } from '@hx/db';
import type {
  OptionCurrency,
  OptionInfo,
  OptionList,
  OptionOrder,
  OptionStatus,
  OptionSubmitResult,
  optionSubmitBody,
} from '@hx/protocol';
import { balances } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { User } from '../../plugins/auth.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, show } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import { atPrecision } from './outcome.ts';
import { enabledPeriods, periodView } from './periods.ts';

/** Options are staked in USDT: the periods' minimums are in it. */
export const OPTION_COINS = [3];
/** An opening price older than this is not a price of now: the purchase is refused. */
export const MAX_PRICE_AGE_MS = 60_000;
/** The user channel open and settled orders are published on. */
export const OPTIONS_CHANNEL = 'options';

type Row = typeof optionOrders.$inferSelect;

/** The symbols options are offered on: the spot pairs the market records. */
export const optionSymbols = (app: Pick<ServerDeps, 'market'>) =>
  app.market.specs.filter((s) => s.kind === 'spot');

function symbolSpec(app: Pick<ServerDeps, 'market'>, symbol: string) {
  const spec = optionSymbols(app).find((s) => s.symbol === symbol);
  if (!spec) throw new AppError('OPTION_SYMBOL_INVALID');
  return spec;
}

export function orderView(
  row: Row,
  coin: { name: string; decimals: number },
  dp: number,
): OptionOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    type: row.type,
    seconds: row.seconds,
    currency_id: row.coinId,
    currency: coin.name,
    number: show(row.number, coin.decimals),
    profit_rate: new Decimal(row.profitRate).toFixed(),
    open_price: atPrecision(row.openPrice, dp),
    open_time: row.openTime,
    created_at: row.createdAt,
    settle_time: row.settleTime,
    close_price: row.closePrice === null ? null : atPrecision(row.closePrice, dp),
    close_time: row.closeTime,
    close_sources: row.closeSources,
    status: row.status,
    result: row.result,
    profit: row.profit === null ? null : show(row.profit, coin.decimals),
    settled_at: row.settledAt,
  };
}

export async function viewOf(
  app: Pick<ServerDeps, 'db' | 'market'>,
  row: Row,
): Promise<OptionOrder> {
  const coin = await coinById(app.db, row.coinId);
  const dp = app.market.has(row.symbol) ? app.market.spec(row.symbol).pricePrecision : 8;
  return orderView(row, coin, dp);
}

/** The caller's options-account balance of each payable coin. */
export async function payableCurrencies(
  app: Pick<ServerDeps, 'db'>,
  user: User | null,
): Promise<OptionCurrency[]> {
  const list = await app.db.select().from(coins).where(inArray(coins.id, OPTION_COINS));
  const held = user ? await balances(app.db, user.id, { sub: 'options', coins: OPTION_COINS }) : [];
  return list.map((c) => ({
    currency_id: c.id,
    name: c.name,
    decimals: c.decimals,
    available: show(held.find((h) => h.coin === c.id)?.available ?? '0', c.decimals),
  }));
}

export async function info(
  app: Pick<ServerDeps, 'db' | 'market'>,
  user: User | null,
): Promise<OptionInfo> {
  return {
    symbols: optionSymbols(app).map((s) => {
      const last = app.market.last(s.symbol);
      return {
        symbol: s.symbol,
        name: s.name,
        price_precision: s.pricePrecision,
        price: last && atPrecision(last.price, s.pricePrecision),
        price_time: last?.time ?? null,
      };
    }),
    periods: (await enabledPeriods(app.db)).map(periodView),
    currencies: await payableCurrencies(app, user),
    types: ['call', 'put', 'even'],
    kyc_ok: user?.kycBasic === 'verified',
  };
}

/**
 * Buys an option: checks KYC, period, minimum and coin, takes the last recorded price (flushed
 * to the record first) with its tick time as the opening price, and freezes the stake in the
 * options account in the same transaction as the order. Delivery is now + the period.
 */
export async function submit(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'ledger' | 'log' | 'market' | 'priceIndex'>,
  { user, claim }: UserContext,
  body: z.output<typeof optionSubmitBody>,
): Promise<OptionSubmitResult> {
  assertCanMove(user);
  if (user.kycBasic !== 'verified') throw new AppError('KYC_REQUIRED');
  const spec = symbolSpec(app, body.symbol);
  const period = (await enabledPeriods(app.db)).find((p) => p.seconds === body.seconds);
  if (!period) throw new AppError('OPTION_PERIOD_INVALID');
  if (!OPTION_COINS.includes(body.currency_id)) throw new AppError('OPTION_CURRENCY_INVALID');
  const coin = await coinById(app.db, body.currency_id);
  const number = assertPrecision(body.number, coin);
  if (number.lt(period.minAmount))
    throw new AppError('OPTION_BELOW_MIN', { min: new Decimal(period.minAmount).toFixed() });

  await app.market.flush(); // the opening price is on record before it is used
  if (app.priceIndex.get(spec.symbol).stale) throw new AppError('INDEX_STALE');
  const now = app.clock.now().getTime();
  const last = app.market.last(spec.symbol);
  if (!last || now - last.time > MAX_PRICE_AGE_MS) throw new AppError('PRICE_UNAVAILABLE');
  const openPrice = atPrecision(last.price, spec.pricePrecision);

  const options = { user: user.id, sub: 'options' as const, coin: coin.id };
  await app.ledger.accounts([options]);
  const settleTime = now + period.seconds * 1000;
  // No SQL of its own: the order row and its stake are written with the writer's batch.
  let made: Row | undefined;
  const result = await app.ledger.submit(
    async (job) => {
      const id = await job.nextId('option_orders');
      await job.post({
        kind: 'option_buy',
        refType: 'option',
        refId: id,
        at: new Date(now),
        lines: [
          { account: options, amount: number.negated() },
          { account: options, bucket: 'frozen', amount: number },
        ],
      });
      const row: Row = {
        id,
        userId: user.id,
        symbol: spec.symbol,
        type: body.type,
        seconds: period.seconds,
        coinId: coin.id,
        number: number.toFixed(),
        profitRate: period.profitRate,
        openPrice,
        openTime: last.time,
        createdAt: now,
        settleTime,
        ...NOT_SETTLED,
      };
      job.insert(optionOrders, row);
      made = row;
      return { id, open_price: openPrice, open_time: last.time, settle_time: settleTime };
    },
    { claim, accounts: [options] },
  );
  // The order as inserted; a repeated Idempotency-Key answers the first order: read it as it is now.
  if (made?.id === result.id) publishMade(app, made, coin, spec.pricePrecision);
  else void publishOrder(app, result.id);
  return result;
}

/** An open order's columns the database fills in. */
const NOT_SETTLED = {
  status: 'open',
  closePrice: null,
  closeTime: null,
  result: null,
  profit: null,
  settledAt: null,
  closeSources: null,
} as const;

function publishMade(
  app: Pick<ServerDeps, 'hub' | 'log'>,
  row: Row,
  coin: { name: string; decimals: number },
  dp: number,
): void {
  try {
    app.hub.publishToUser(row.userId, OPTIONS_CHANNEL, orderView(row, coin, dp));
  } catch (err) {
    app.log.warn({ err, id: row.id }, 'could not publish an option order');
  }
}

/** Sends the order as it is now to its owner's `options` channel (best effort, never throws). */
export async function publishOrder(
  app: Pick<ServerDeps, 'db' | 'hub' | 'log' | 'market'>,
  id: number,
): Promise<void> {
  try {
    const [row] = await app.db.select().from(optionOrders).where(eq(optionOrders.id, id));
    if (row) app.hub.publishToUser(row.userId, OPTIONS_CHANNEL, await viewOf(app, row));
  } catch (err) {
    app.log.warn({ err, id }, 'could not publish an option order');
  }
}

export async function list(
  app: Pick<ServerDeps, 'db' | 'market'>,
  userId: number,
  query: { status: OptionStatus; page: number; limit: number },
): Promise<OptionList> {
  const where = and(eq(optionOrders.userId, userId), eq(optionOrders.status, query.status));
  const rows = await app.db
    .select()
    .from(optionOrders)
    .where(where)
    .orderBy(desc(optionOrders.createdAt), desc(optionOrders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db.select({ n: count() }).from(optionOrders).where(where);
  const items = [];
  for (const row of rows) items.push(await viewOf(app, row));
  return { list: items, total: total?.n ?? 0, page: query.page };
}

export async function detail(
  app: Pick<ServerDeps, 'db' | 'market'>,
  userId: number,
  id: number,
): Promise<OptionOrder> {
  const [row] = await app.db
    .select()
    .from(optionOrders)
    .where(and(eq(optionOrders.id, id), eq(optionOrders.userId, userId)));
  if (!row) throw new AppError('OPTION_NOT_FOUND');
  return viewOf(app, row);
}
