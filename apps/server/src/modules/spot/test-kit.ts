import { and, eq, isNull } from 'drizzle-orm';
import { ledgerAccounts } from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { App } from '../../app.ts';
import { call } from '../../test/harness.ts';
import { expect } from 'vitest';
import { violations } from '../../test/sim-invariants.ts';
import { emptyAcks } from '../../test/sim-acks.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';

export const BTC = 1;
export const USDT = 3;

/**
 * The spot tests' market: a fresh app, the operator's token (for the books check), a seller with
 * 1 BTC and a buyer with 100,000 USDT in their spot accounts.
 */
export async function twoTraders(): Promise<{
  t: MoneyApp;
  admin: string;
  seller: TestUser;
  buyer: TestUser;
}> {
  const t = await moneyApp();
  const admin = await adminToken(t);
  const seller = await seedUser(t);
  const buyer = await seedUser(t);
  await fund(t, seller.id, BTC, '1');
  await fund(t, buyer.id, USDT, '100000');
  return { t, admin, seller, buyer };
}

/** Credits a user's spot (currency) account from the treasury, as a deposit would. */
export async function fund(t: MoneyApp, userId: number, coin: number, amount: string) {
  await post(t.db, {
    kind: 'test_funding',
    lines: [
      { account: { platform: 'treasury', coin }, amount: `-${amount}` },
      { account: { user: userId, sub: 'currency', coin }, amount },
    ],
  });
}

/** POST coin/trade as the app sends it. */
export function order(
  app: App,
  token: string,
  fields: {
    symbol?: string;
    side: 'buy' | 'sell';
    type?: 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'oco';
    price?: string;
    amount?: string;
    /** A market buy's quote to spend. */
    funds?: string;
    time_in_force?: string;
    post_only?: string;
    stop_price?: string;
    stop_limit_price?: string;
  },
  headers: Record<string, string> = {},
) {
  const { symbol = 'BTCUSDT', type = 'limit', ...rest } = fields;
  const form: Record<string, string> = { symbol, type };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) form[key] = value;
  return call(app, 'POST', 'coin/trade', form, auth(token, headers));
}

/** Exact balance of a ledger account: available and frozen, without trailing zeros. */
async function exactBalance(t: MoneyApp, userId: number | null, name: string, coin: number) {
  const [row] = await t.db
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(
      and(
        userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.name, name),
        eq(ledgerAccounts.coinId, coin),
      ),
    );
  const show = (v: string | undefined) => new Decimal(v ?? '0').toFixed();
  return { available: show(row?.available), frozen: show(row?.frozen) };
}

/** A user's exact spot balance of one coin (the wallet floors to the coin's decimals). */
export const spotBalance = (t: MoneyApp, userId: number, coin: number) =>
  exactBalance(t, userId, 'currency', coin);

/** What the platform's fees account holds in one coin. */
export const feesBalance = (t: MoneyApp, coin: number) => exactBalance(t, null, 'fees', coin);

/**
 * The ledger check, and more: nobody below zero, every frozen amount is exactly what the open
 * orders hold (`locked`; a pending stop and both orders of an OCO included), closed orders hold
 * nothing.
 */
export async function expectBooksRight(t: MoneyApp, admin: string) {
  await expectBalanced(t.app, admin);
  expect(await violations(t.db, emptyAcks())).toEqual([]);
}

/** One of the user's orders with its fills (GET coin/order). */
export async function orderOf(t: MoneyApp, token: string, id: number) {
  const { body } = await call(t.app, 'GET', 'coin/order', { id: String(id) }, auth(token));
  return body.message;
}
