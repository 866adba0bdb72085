import { afterAll, beforeAll } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  moneyApp,
  PAY,
  type MoneyApp,
  type TestUser,
  payee,
  type Payee,
} from './test-kit.ts';

export type { Payee };

/**
 * The money tests' moves as the app sends them, on the app and operator token the test file
 * holds at the time of the call (a test may log the operator in again).
 */
export function walletMoves(app: () => MoneyApp, admin: () => string) {
  /** A USDT transfer, spot → options unless `fields` say otherwise. */
  const move = (
    user: TestUser,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    call(
      app().app,
      'POST',
      'wallet/change',
      { from: 'currency', to: 'options', currency_id: '3', ...fields },
      auth(user.token, headers),
    );

  /** A KYC-verified user with a fund password, a TRC20 address and `amount` USDT deposited. */
  const funded = (amount: string): Promise<Payee> => payee(app(), admin(), amount);

  /** A USDT withdrawal to the user's saved address, with the right fund password. */
  const withdraw = (
    user: Payee,
    number: string,
    extra: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    call(
      app().app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(user.addressId), number, pay_password: PAY, ...extra },
      auth(user.token, headers),
    );

  return { move, funded, withdraw };
}

/**
 * A money test file's setup: one app and an operator token made before its tests (`t`, `admin`)
 * and closed after them, with the moves on them.
 */
export function moneySuite() {
  const suite = { t: undefined as unknown as MoneyApp, admin: '' };
  beforeAll(async () => {
    suite.t = await moneyApp();
    suite.admin = await adminToken(suite.t);
  });
  afterAll(() => suite.t.close());
  return Object.assign(
    suite,
    walletMoves(
      () => suite.t,
      () => suite.admin,
    ),
  );
}
