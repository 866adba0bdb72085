import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { spotOrders, spotTrades, type Db } from '@hx/db';
import { Decimal } from '@hx/money';

/** One fill of the maker: its own side, at the trade's price. */
export interface Fill {
  tradeId: number;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  quote: string;
  time: number;
}

/** The maker's orders are the platform's resting ones: no user, limit (the demo flow's are market). */
const makerOrder = and(isNull(spotOrders.userId), eq(spotOrders.type, 'limit'));
const joined = or(
  eq(spotOrders.id, spotTrades.makerOrderId),
  eq(spotOrders.id, spotTrades.takerOrderId),
);

const fillColumns = {
  tradeId: spotTrades.id,
  symbol: spotTrades.symbol,
  side: spotOrders.side,
  price: spotTrades.price,
  amount: spotTrades.amount,
  quote: spotTrades.quote,
  time: spotTrades.time,
};

/** The maker's fills on `symbol` after trade `after`, oldest first. */
export function fillsAfter(db: Db, symbol: string, after: number, limit = 500): Promise<Fill[]> {
  return db
    .select(fillColumns)
    .from(spotTrades)
    .innerJoin(spotOrders, joined)
    .where(and(eq(spotTrades.symbol, symbol), gt(spotTrades.id, after), makerOrder))
    .orderBy(spotTrades.id)
    .limit(limit);
}

/** The latest fills on `symbol`, newest first. */
export function latestFills(db: Db, symbol: string, limit = 100): Promise<Fill[]> {
  return db
    .select(fillColumns)
    .from(spotTrades)
    .innerJoin(spotOrders, joined)
    .where(and(eq(spotTrades.symbol, symbol), makerOrder))
    .orderBy(desc(spotTrades.id))
    .limit(limit);
}

/** The last trade on `symbol` (0: none), where hedging starts when it is turned on. */
export async function lastTradeId(db: Db, symbol: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${spotTrades.id})` })
    .from(spotTrades)
    .where(eq(spotTrades.symbol, symbol));
  return Number(row?.id ?? 0);
}

export interface Pnl {
  position: string;
  realised: string;
  marked: string;
}

/**
 * The maker's result on `symbol`: realised on the amount both bought and sold (average sell
 * minus average buy), and marked: quote received minus spent plus the position at `index`.
 * The platform pays no trading fee, so none is counted.
 */
export async function pnlOf(db: Db, symbol: string, index: string | null): Promise<Pnl> {
  const rows = await db
    .select({
      side: spotOrders.side,
      amount: sql<string>`coalesce(sum(${spotTrades.amount}), 0)`,
      quote: sql<string>`coalesce(sum(${spotTrades.quote}), 0)`,
    })
    .from(spotTrades)
    .innerJoin(spotOrders, joined)
    .where(and(eq(spotTrades.symbol, symbol), makerOrder))
    .groupBy(spotOrders.side);
  const of = (side: string) => rows.find((r) => r.side === side) ?? { amount: '0', quote: '0' };
  const bought = new Decimal(of('buy').amount);
  const spent = new Decimal(of('buy').quote);
  const sold = new Decimal(of('sell').amount);
  const received = new Decimal(of('sell').quote);
  const position = bought.minus(sold);
  const both = Decimal.min(bought, sold);
  const realised = both.isZero()
    ? new Decimal(0)
    : both.times(received.div(sold).minus(spent.div(bought)));
  const marked = received.minus(spent).plus(position.times(index ?? 0));
  const text = (x: Decimal) => x.toDecimalPlaces(8).toFixed();
  return { position: text(position), realised: text(realised), marked: text(marked) };
}
