import { and, eq } from 'drizzle-orm';
import { savingsPositions, type Db } from '@hx/db';
import { balances, post, type IdempotencyClaim, type LedgerWriter } from '@hx/ledger';
import { CodedError } from '@hx/protocol';
import { Decimal } from '@hx/money';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import { bringUpToDate, openPosition, productOf, savingsAccount } from './position.ts';

type Ledger = Pick<LedgerWriter, 'transaction' | 'accounts'>;
const spot = (userId: number, coinId: number) => ({
  user: userId,
  sub: 'currency' as const,
  coin: coinId,
});

/**
 * Moves `amount` from the spot account into savings, inside `tx`. The holding is brought up to
 * date first, so the hours before earn on the balance they had.
 */
export async function subscribeIn(
  tx: Db,
  userId: number,
  coinId: number,
  amount: Decimal,
  now: Date,
) {
  const product = await productOf(tx, coinId);
  if (!product?.enabled) throw new AppError('SAVINGS_PRODUCT_INVALID');
  const coin = await coinById(tx, coinId);
  if (amount.lte(0) || amount.lt(product.minAmount))
    throw new AppError('SAVINGS_BELOW_MIN', { min: plain(product.minAmount), coin: coin.name });
  const position = await bringUpToDate(tx, await openPosition(tx, userId, coinId, now), now);
  await post(tx, {
    kind: 'savings_subscribe',
    refType: 'savings_position',
    refId: userId,
    at: now,
    lines: [
      { account: spot(userId, coinId), amount: amount.negated() },
      { account: savingsAccount(userId, coinId), amount },
    ],
  });
  return position;
}

export async function subscribe(
  deps: { ledger: Ledger },
  userId: number,
  coinId: number,
  amount: Decimal,
  now: Date,
  claim?: IdempotencyClaim,
) {
  await deps.ledger.accounts([spot(userId, coinId), savingsAccount(userId, coinId)]);
  return deps.ledger.transaction((tx) => subscribeIn(tx, userId, coinId, amount, now), { claim });
}

/**
 * Auto-subscribe: the spot account's whole available balance of the coin goes into savings when
 * it reaches the product's minimum. Returns whether anything moved; a refusal (the product closed,
 * the balance spent meanwhile) leaves it for the next run.
 */
export async function subscribeIdle(
  deps: { ledger: Ledger },
  userId: number,
  coinId: number,
  now: Date,
): Promise<boolean> {
  return deps.ledger
    .transaction(async (tx) => {
      const [opted] = await tx
        .select({ auto: savingsPositions.autoSubscribe })
        .from(savingsPositions)
        .where(and(eq(savingsPositions.userId, userId), eq(savingsPositions.coinId, coinId)));
      const [idle] = await balances(tx, userId, { sub: 'currency', coins: [coinId] });
      const amount = new Decimal(idle?.available ?? '0');
      const product = await productOf(tx, coinId);
      if (!opted?.auto || !product?.enabled || amount.lte(0) || amount.lt(product.minAmount))
        return false;
      await subscribeIn(tx, userId, coinId, amount, now);
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof CodedError) return false;
      throw err;
    });
}
