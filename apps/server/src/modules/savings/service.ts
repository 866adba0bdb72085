import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  SavingsHolding,
  SavingsOverview,
  SavingsRedeemResult,
  savingsAmountBody,
  savingsAutoBody,
} from '@hx/protocol';
import {
  coins,
  savingsPayouts,
  savingsPositions,
  savingsProducts,
  savingsRedemptions,
  type Db,
} from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, show } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import {
  bringUpToDate,
  lockPosition,
  openPosition,
  savingsAccount,
  savingsBalance,
  type PositionRow,
} from './position.ts';
import { subscribe as subscribeAmount } from './subscribe.ts';
import { DAY_MS, dayStart } from './terms.ts';

type CoinInfo = { name: string; decimals: number };

async function holdingView(db: Db, p: PositionRow, coin: CoinInfo): Promise<SavingsHolding> {
  const balance = await savingsBalance(db, p.userId, p.coinId);
  return {
    currency_id: p.coinId,
    currency_name: coin.name,
    amount: show(balance.available, coin.decimals),
    redeeming: show(balance.frozen, coin.decimals),
    accrued: show(
      new Decimal(p.accrued).toDecimalPlaces(coin.decimals, Decimal.ROUND_DOWN),
      coin.decimals,
    ),
    earned_total: show(p.earned, coin.decimals),
    auto_subscribe: p.autoSubscribe,
  };
}

/** Instant redemptions of the UTC day so far. */
async function redeemedToday(db: Db, userId: number, coinId: number, now: Date) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${savingsRedemptions.amount})` })
    .from(savingsRedemptions)
    .where(
      and(
        eq(savingsRedemptions.userId, userId),
        eq(savingsRedemptions.coinId, coinId),
        eq(savingsRedemptions.instant, true),
        gte(savingsRedemptions.createdAt, dayStart(now)),
      ),
    );
  return new Decimal(row?.total ?? '0');
}

/** The products on offer, the user's holdings and the last 90 daily payments. */
export async function overview(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
): Promise<SavingsOverview> {
  const now = app.clock.now();
  const [products, positions, history] = await Promise.all([
    app.db
      .select({ p: savingsProducts, name: coins.name, decimals: coins.decimals })
      .from(savingsProducts)
      .innerJoin(coins, eq(coins.id, savingsProducts.coinId))
      .where(eq(savingsProducts.enabled, true))
      .orderBy(asc(coins.sort), asc(coins.id)),
    app.db
      .select({ p: savingsPositions, name: coins.name, decimals: coins.decimals })
      .from(savingsPositions)
      .innerJoin(coins, eq(coins.id, savingsPositions.coinId))
      .where(eq(savingsPositions.userId, userId))
      .orderBy(asc(coins.sort), asc(coins.id)),
    app.db
      .select({ r: savingsPayouts, name: coins.name, decimals: coins.decimals })
      .from(savingsPayouts)
      .innerJoin(coins, eq(coins.id, savingsPayouts.coinId))
      .where(eq(savingsPayouts.userId, userId))
      .orderBy(desc(savingsPayouts.day), asc(savingsPayouts.coinId))
      .limit(90),
  ]);
  return {
    products: await Promise.all(
      products.map(async ({ p, ...coin }) => {
        const left =
          p.redeemQuota === null
            ? null
            : Decimal.max(
                0,
                new Decimal(p.redeemQuota).minus(
                  await redeemedToday(app.db, userId, p.coinId, now),
                ),
              );
        return {
          currency_id: p.coinId,
          currency_name: coin.name,
          tiers: p.tiers.map((t) => ({
            up_to: t.upTo === null ? null : new Decimal(t.upTo).toFixed(),
            annual_rate: new Decimal(t.annualRate).toFixed(),
          })),
          min_amount: show(p.minAmount, coin.decimals),
          redeem_quota: p.redeemQuota === null ? null : show(p.redeemQuota, coin.decimals),
          redeem_left_today: left === null ? null : show(left, coin.decimals),
        };
      }),
    ),
    holdings: await Promise.all(positions.map(({ p, ...coin }) => holdingView(app.db, p, coin))),
    history: history.map(({ r, ...coin }) => ({
      currency_id: r.coinId,
      currency_name: coin.name,
      day: r.day.getTime(),
      amount: show(r.amount, coin.decimals),
    })),
  };
}

export async function subscribe(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  { user, claim }: UserContext,
  body: z.output<typeof savingsAmountBody>,
): Promise<SavingsHolding> {
  assertCanMove(user);
  const coin = await coinById(app.db, body.currency_id);
  const amount = assertPrecision(body.amount, coin);
  const position = await subscribeAmount(app, user.id, coin.id, amount, app.clock.now(), claim);
  return holdingView(app.db, position, coin);
}

/**
 * Redeems to the spot account: at once while the day's instant total stays within the product's
 * quota, else the amount waits frozen in savings (earning nothing) until the next UTC day.
 */
export async function redeem(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  { user, claim }: UserContext,
  body: z.output<typeof savingsAmountBody>,
): Promise<SavingsRedeemResult> {
  assertCanMove(user);
  const coin = await coinById(app.db, body.currency_id);
  const amount = assertPrecision(body.amount, coin);
  if (amount.lte(0)) throw new AppError('AMOUNT_REQUIRED');
  const own = savingsAccount(user.id, coin.id);
  const spot = { user: user.id, sub: 'currency' as const, coin: coin.id };
  await app.ledger.accounts([spot, own]);
  return app.ledger.transaction(
    async (tx) => {
      const now = app.clock.now();
      const locked = await lockPosition(tx, user.id, coin.id);
      if (!locked) throw new AppError('INSUFFICIENT_BALANCE');
      await bringUpToDate(tx, locked, now);
      const [product] = await tx
        .select({ quota: savingsProducts.redeemQuota })
        .from(savingsProducts)
        .where(eq(savingsProducts.coinId, coin.id));
      const quota = product?.quota ?? null;
      const instant =
        quota === null || (await redeemedToday(tx, user.id, coin.id, now)).plus(amount).lte(quota);
      const id = await redemptionRow(tx, user.id, coin.id, amount, instant, now);
      await post(tx, {
        kind: instant ? 'savings_redeem' : 'savings_redeem_freeze',
        refType: 'savings_redemption',
        refId: id,
        at: now,
        lines: [
          { account: own, amount: amount.negated() },
          instant ? { account: spot, amount } : { account: own, bucket: 'frozen', amount },
        ],
      });
      const availableAt = instant ? now : new Date(dayStart(now).getTime() + DAY_MS);
      return {
        currency_id: coin.id,
        amount: show(amount, coin.decimals),
        instant,
        available_at: availableAt.getTime(),
      };
    },
    { claim },
  );
}

async function redemptionRow(
  tx: Db,
  userId: number,
  coinId: number,
  amount: Decimal,
  instant: boolean,
  now: Date,
) {
  const [row] = await tx
    .insert(savingsRedemptions)
    .values({
      userId,
      coinId,
      amount: amount.toFixed(),
      instant,
      status: instant ? 'paid' : 'pending',
      createdAt: now,
      dueAt: instant ? now : new Date(dayStart(now).getTime() + DAY_MS),
      paidAt: instant ? now : null,
    })
    .returning({ id: savingsRedemptions.id });
  return row!.id;
}

/** Opts in or out of auto-subscribing the coin's idle spot balance (the job moves it). */
export async function setAutoSubscribe(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  { user }: UserContext,
  body: z.output<typeof savingsAutoBody>,
): Promise<SavingsHolding> {
  const coin = await coinById(app.db, body.currency_id);
  const [product] = await app.db
    .select({ enabled: savingsProducts.enabled })
    .from(savingsProducts)
    .where(eq(savingsProducts.coinId, coin.id));
  if (!product?.enabled) throw new AppError('SAVINGS_PRODUCT_INVALID');
  const position = await app.ledger.transaction(async (tx) => {
    const now = app.clock.now();
    const open = await openPosition(tx, user.id, coin.id, now);
    await tx
      .update(savingsPositions)
      .set({ autoSubscribe: body.enabled })
      .where(and(eq(savingsPositions.userId, user.id), eq(savingsPositions.coinId, coin.id)));
    return { ...open, autoSubscribe: body.enabled };
  });
  return holdingView(app.db, position, coin);
}
