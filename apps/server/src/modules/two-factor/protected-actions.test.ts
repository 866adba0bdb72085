import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  PAY,
  type MoneyApp,
  payee,
} from '../wallet/test-kit.ts';
import { codeNow, enableTwoFactor, nextCode } from './test-kit.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
});
afterAll(() => t.close());

/** Operator sessions last 12 hours and these tests move a day: a fresh login each time. */
const balanced = async () => expectBalanced(t.app, await adminToken(t));

/** A verified user with a fund password, an address, 100 USDT, and 2FA on. */
async function protectedFunded() {
  const user = await payee(t, await adminToken(t), '100');
  const { secret } = await enableTwoFactor(t, user.token);
  return { ...user, secret };
}

const withdraw = (
  user: { token: string; addressId: number },
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  call(
    t.app,
    'POST',
    'wallet/out',
    {
      currency_id: '3',
      address_id: String(user.addressId),
      number: '20',
      pay_password: PAY,
      ...fields,
    },
    auth(user.token, headers),
  );

describe('withdrawals with the authenticator on', () => {
  it('need a fresh code each, and a replay with its key needs none', async () => {
    const user = await protectedFunded();
    const missing = await withdraw(user, {}, { lang: 'jp' });
    expect(missing.body).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: '認証アプリのコードを入力してください',
    });
    expect((await withdraw(user, { totp: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
    // A wrong fund password with a right code: the code stays usable, the action did not happen.
    const code = nextCode(t, user.secret);
    expect((await withdraw(user, { totp: code, pay_password: '000000' })).body.code).toBe(
      'PAY_PASSWORD_WRONG',
    );
    const key = { 'idempotency-key': 'two-factor-first' };
    const done = await withdraw(user, { totp: code }, key);
    expect(done.status).toBe(200);
    // The client repeats a request it did not hear back from: the same answer, nothing new.
    const replay = await withdraw(user, { totp: code }, key);
    expect(replay.body.message).toEqual(done.body.message);
    expect((await withdraw(user, { totp: code })).body.code).toBe('TWO_FACTOR_CODE_USED');
    expect((await withdraw(user, { totp: nextCode(t, user.secret) })).status).toBe(200);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '60.0000',
      frozen: '40.0000',
    });
    await balanced();
  });

  it('are locked for 24 hours after 2FA is turned off', async () => {
    const user = await protectedFunded();
    const off = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: nextCode(t, user.secret) },
      auth(user.token),
    );
    expect(off.status).toBe(200);
    const locked = await withdraw(user, {});
    expect(locked.body.code).toBe('WITHDRAW_LOCKED_UNTIL');
    t.clock.advance(24 * 60 * 60_000 + 60_000);
    // 2FA is off now: no code asked.
    expect((await withdraw(user, {})).status).toBe(200);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '80.0000',
      frozen: '20.0000',
    });
    await balanced();
  });
});

describe('other protected actions with the authenticator on', () => {
  it('a new withdraw address needs the code before the fund password is checked', async () => {
    const user = await protectedFunded();
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'address' });
    const form = {
      currency_id: '3',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      code: await latestCode(t.app, user.email),
    };
    const add = (fields: Record<string, string>) =>
      call(t.app, 'POST', 'wallet/addaddress', { ...form, ...fields }, auth(user.token));
    expect((await add({ pay_password: PAY })).body.code).toBe('TWO_FACTOR_REQUIRED');
    // A wrong fund password is not told apart from a right one without the code.
    expect((await add({ pay_password: '000000', totp: '000000' })).body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    expect((await add({ pay_password: PAY, totp: nextCode(t, user.secret) })).status).toBe(200);
  });

  it('the fund password needs the code too', async () => {
    const user = await protectedFunded();
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'security' });
    const form = {
      pay_password: '135790',
      re_pay_password: '135790',
      code: await latestCode(t.app, user.email),
    };
    const set = (fields: Record<string, string>) =>
      call(t.app, 'POST', 'user/e_pwd', { ...form, ...fields }, auth(user.token));
    expect((await set({})).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await set({ totp: 'abc' })).body.code).toBe('TWO_FACTOR_INVALID');
    const code = codeNow(t, user.secret);
    expect((await set({ totp: code })).status).toBe(200);
    // The same code again is refused before anything else is looked at.
    expect((await set({ totp: code })).body.code).toBe('TWO_FACTOR_CODE_USED');
  });
});
