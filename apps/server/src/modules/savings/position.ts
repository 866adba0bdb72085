import { and, eq } from 'drizzle-orm';
import {
  savingsPayouts,
  savingsPositions,
  savingsProducts,
  type Db,
  type SavingsTierTerms,
} from '@hx/db';
import { balances, post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { coinById } from '../coins/coins.ts';
import { DAY_MS, HOUR_MS, dayStart, hourlyInterest, nextHour } from './terms.ts';

export type PositionRow = typeof savingsPositions.$inferSelect;

export const savingsAccount = (userId: number, coinId: number) => ({
  user: userId,
  sub: 'savings' as const,
  coin: coinId,
});

export async function productOf(db: Db, coinId: number) {
  const [row] = await db.select().from(savingsProducts).where(eq(savingsProducts.coinId, coinId));
  return row;
}

/** Locks the holding's row; undefined when the user never subscribed this coin. */
export async function lockPosition(tx: Db, userId: number, coinId: number) {
  const [row] = await tx
    .select()
    .from(savingsPositions)
    .where(and(eq(savingsPositions.userId, userId), eq(savingsPositions.coinId, coinId)))
    .for('update');
  return row;
}

/** The holding's row, created on the first subscription: it earns from the next full hour. */
export async function openPosition(tx: Db, userId: number, coinId: number, now: Date) {
  const start = nextHour(now);
  await tx
    .insert(savingsPositions)
    .values({ userId, coinId, accruedUntil: start, paidUntil: dayStart(start) })
    .onConflictDoNothing();
  return (await lockPosition(tx, userId, coinId))!;
}

export async function savingsBalance(db: Db, userId: number, coinId: number) {
  const [row] = await balances(db, userId, { sub: 'savings', coins: [coinId] });
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

/**
 * Brings a locked holding up to `now`: every full hour accrues its interest on the balance of
 * that hour, and as soon as a UTC day's 24 hours are accrued, the day is paid (rounded down to
 * the coin's decimals, the rest carried) from `payouts` into the savings balance, so the next
 * day earns on it. Hours and days move forward only under the row's lock: each counts once.
 */
export async function bringUpToDate(
  tx: Db,
  position: PositionRow,
  now: Date,
): Promise<PositionRow> {
  const { userId, coinId } = position;
  const tiers: SavingsTierTerms[] = (await productOf(tx, coinId))?.tiers ?? [];
  const coin = await coinById(tx, coinId);
  let balance = new Decimal((await savingsBalance(tx, userId, coinId)).available);
  let accruedUntil = position.accruedUntil.getTime();
  let paidUntil = position.paidUntil.getTime();
  let accrued = new Decimal(position.accrued);
  let earned = new Decimal(position.earned);
  const end = now.getTime();
  for (;;) {
    if (paidUntil + DAY_MS <= accruedUntil) {
      const paid = accrued.toDecimalPlaces(coin.decimals, Decimal.ROUND_DOWN);
      if (paid.gt(0)) await payDay(tx, position, new Date(paidUntil), paid, now);
      balance = balance.plus(paid);
      earned = earned.plus(paid);
      accrued = accrued.minus(paid);
      paidUntil += DAY_MS;
    } else if (accruedUntil + HOUR_MS <= end) {
      accrued = accrued.plus(hourlyInterest(balance, tiers));
      accruedUntil += HOUR_MS;
    } else break;
  }
  const changes = {
    accruedUntil: new Date(accruedUntil),
    paidUntil: new Date(paidUntil),
    accrued: accrued.toFixed(),
    earned: earned.toFixed(),
  };
  if (accruedUntil !== position.accruedUntil.getTime())
    await tx
      .update(savingsPositions)
      .set(changes)
      .where(and(eq(savingsPositions.userId, userId), eq(savingsPositions.coinId, coinId)));
  return { ...position, ...changes };
}

async function payDay(tx: Db, position: PositionRow, day: Date, amount: Decimal, now: Date) {
  const { userId, coinId } = position;
  await post(tx, {
    kind: 'savings_interest',
    refType: 'savings_position',
    refId: userId,
    idempotencyKey: `savings:interest:${userId}:${coinId}:${day.getTime()}`,
    at: now,
    lines: [
      { account: { platform: 'payouts', coin: coinId }, amount: amount.negated() },
      { account: savingsAccount(userId, coinId), amount },
    ],
  });
  await tx
    .insert(savingsPayouts)
    .values({ userId, coinId, day, amount: amount.toFixed(), paidAt: now })
    .onConflictDoNothing();
}
