import { asc, eq } from 'drizzle-orm';
import { leverPairs, type Db } from '@hx/db';
import { SYMBOLS } from '@hx/market';
import { AppError } from '../../lib/errors.ts';
import { keptRead } from '../../lib/kept.ts';

export type LeverPairRow = typeof leverPairs.$inferSelect;

/** The margin coin of every pair: USDT. */
export const MARGIN_COIN = 3;

/** Base units per lot: about 30 to 700 USDT a lot at the catalogue's prices. */
export const LOT_SIZES: Record<string, string> = {
  BTCUSDT: '0.01',
  ETHUSDT: '0.1',
  BNBUSDT: '1',
  SOLUSDT: '1',
  XRPUSDT: '100',
  DOGEUSDT: '1000',
  ADAUSDT: '100',
  TRXUSDT: '1000',
  LTCUSDT: '1',
  DOTUSDT: '10',
  LINKUSDT: '10',
};

/** Seeded terms the help article's worked example uses too (content/margin-article.ts). */
export const DEFAULT_FEE_RATE = '0.0005';
export const DEFAULT_MAINTENANCE_RATIO = '0.2';

/**
 * One contract pair per listed crypto symbol (forex and futures are quote-only). Inserted when
 * missing, so an operator's later edits are kept. Called by seed() on every start.
 */
export async function seedLeverPairs(db: Db): Promise<void> {
  const rows = SYMBOLS.filter((s) => s.kind === 'spot' && s.quote === 'USDT').map((s, sort) => ({
    symbol: s.symbol,
    coinId: MARGIN_COIN,
    lotSize: LOT_SIZES[s.symbol] ?? '1',
    multiples: [5, 10, 20, 50, 100],
    spread: '0.0001',
    feeRate: DEFAULT_FEE_RATE,
    maintenanceRatio: DEFAULT_MAINTENANCE_RATIO,
    sort,
  }));
  await db.insert(leverPairs).values(rows).onConflictDoNothing();
}

export async function listPairs(db: Db): Promise<LeverPairRow[]> {
  return db
    .select()
    .from(leverPairs)
    .where(eq(leverPairs.enabled, true))
    .orderBy(asc(leverPairs.sort), asc(leverPairs.symbol));
}

const pairs = keptRead(
  async (db) => new Map((await db.select().from(leverPairs)).map((p) => [p.symbol, p])),
);

/** An enabled pair's terms, from a copy kept a few seconds (`forgetPairs` after an edit). */
export async function pairOf(db: Db, symbol: string): Promise<LeverPairRow> {
  const pair = await pairs.find(db, (all) => all.get(symbol));
  if (!pair || !pair.enabled) throw new AppError('LEVER_PAIR_UNAVAILABLE');
  return pair;
}

/** After an edit of the pairs: the next open reads them anew. */
export const forgetPairs = (db: Db): void => pairs.forget(db);
