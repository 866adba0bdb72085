import { eq } from 'drizzle-orm';
import { coins, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { destinationOf } from '../auth/codes.ts';

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

/** The amount has no more decimals than the coin allows (AMOUNT_PRECISION otherwise). */
export function assertPrecision(amount: string, coin: Pick<Coin, 'decimals'>): Decimal {
  const value = new Decimal(amount);
  if (value.decimalPlaces() > coin.decimals)
    throw new AppError('AMOUNT_PRECISION', { decimals: coin.decimals });
  return value;
}

/** An exact decimal string with at least `decimals` places (more only if the value has them). */
export function show(value: Decimal.Value, decimals: number): string {
  const d = new Decimal(value);
  return d.toFixed(Math.max(decimals, d.decimalPlaces()));
}

/** How a deposit or withdrawal of a user's list starts: its id, coin and network. */
export const recordCoin = (row: { id: number; coinId: number; network: string }, name: string) => ({
  id: row.id,
  currency_id: row.coinId,
  name,
  network: row.network,
});

/** A short form of a minimum or fee for messages: trailing zeros dropped. */
export const plain = (value: Decimal.Value) => new Decimal(value).toFixed();

/** Frozen accounts can read but not move money. */
export function assertCanMove(user: Pick<User, 'frozen'>): void {
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
}

/** The caller's own code destination: their email, else area code and phone. */
export function destinationOfUser(user: User): string {
  return destinationOf(user.email ?? user.phone ?? '', user.areaCode ?? undefined);
}

export const ms = (date: Date | null) => (date ? date.getTime() : null);
