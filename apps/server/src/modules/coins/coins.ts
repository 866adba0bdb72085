import { eq } from 'drizzle-orm';
import { coins, type Db } from '@hx/db';
import { AppError } from '../../lib/errors.ts';

export type Coin = typeof coins.$inferSelect;

/**
 * Coins read on every money request, kept a few seconds per database: an operator's change in
 * this process is seen at once (`forgetCoins`), one made by another process within the TTL.
 */
const COIN_TTL_MS = 5_000;
const known = new WeakMap<Db, Map<number, { coin: Coin; until: number }>>();

export async function coinById(db: Db, id: number): Promise<Coin> {
  let cache = known.get(db);
  if (!cache) known.set(db, (cache = new Map()));
  const hit = cache.get(id);
  if (hit && hit.until > Date.now()) return hit.coin;
  const [coin] = await db.select().from(coins).where(eq(coins.id, id));
  if (!coin) throw new AppError('CURRENCY_INVALID');
  cache.set(id, { coin, until: Date.now() + COIN_TTL_MS });
  return coin;
}

/** After a coin's settings changed: the next read goes to the database. */
export function forgetCoins(db: Db): void {
  known.delete(db);
}

/** How a deposit or withdrawal of a user's list starts: its id, coin and network. */
export const recordCoin = (row: { id: number; coinId: number; network: string }, name: string) => ({
  id: row.id,
  currency_id: row.coinId,
  name,
  network: row.network,
});
