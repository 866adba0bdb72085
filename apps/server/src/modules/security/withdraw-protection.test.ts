import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bankCards, passkeys, twoFactor, users, withdrawAddresses } from '@hx/db';
import { call, latestCode } from '../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newTotpSecret, totpCode } from '../../lib/totp.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  type MoneyApp,
  type TestUser,
  fundedUser,
} from '../wallet/test-kit.ts';
import { utcMinute } from './protection.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const PASSWORD = 'secret123';

/** A verified user with a fund password, a login password, `amount` USDT and an old address. */
async function funded(amount = '100') {
  const user = await fundedUser(t, await adminToken(t), amount, { kyc: true, pay: true });
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  const addressId = await addressSaved(user, 48 * HOUR);
  return { ...user, addressId };
}

/** A saved TRC20 address, saved `ago` before the test clock's now. */
async function addressSaved(user: TestUser, ago: number) {
  const id = await seedAddress(t, user.id);
  await t.db
    .update(withdrawAddresses)
    .set({ createdAt: new Date(t.clock.now().getTime() - ago) })
    .where(eq(withdrawAddresses.id, id));
  return id;
}

const withdraw = (token: string, fields: Record<string, string>, lang = 'en') =>
  call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: '3', number: '10', pay_password: PAY, ...fields },
    auth(token, { lang }),
  );

const state = async (token: string) =>
  (await call(t.app, 'GET', 'user/security', {}, auth(token))).body.message;

const whitelist = (token: string, on: '1' | '0', extra: Record<string, string> = {}) =>
  call(t.app, 'POST', 'user/whitelist', { on, pay_password: PAY, ...extra }, auth(token));

async function login(email: string, password: string) {
  const { body } = await call(t.app, 'POST', 'user/login', { account: email, password });
  return body.message.token as string;
}

describe('the withdrawal lock after a security change', () => {
  it('pauses withdrawals for 24 h after a password reset, naming the time, then lets them through', async () => {
    const user = await funded();
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'forget' });
    const code = await latestCode(t.app, user.email);
    const reset = await call(t.app, 'POST', 'user/forget', {
      account: user.email,
      code,
      password: 'new-secret1',
      re_password: 'new-secret1',
    });
    expect(reset.status).toBe(200);
    const resetAt = t.clock.now().getTime();
    const token = await login(user.email, 'new-secret1');
    const until = new Date(resetAt + 24 * HOUR);

    expect(await state(token)).toMatchObject({ withdraw_locked_until: until.getTime() });
    const refused = await withdraw(token, { address_id: String(user.addressId) });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'WITHDRAW_LOCKED_UNTIL',
        message: `Withdrawals are paused until ${utcMinute(until)} after a security change to your account`,
      },
    });
    const inChinese = await withdraw(token, { address_id: String(user.addressId) }, 'zh');
    expect(inChinese.body.message).toBe(`账户安全设置已变更，提现暂停至 ${utcMinute(until)}`);

    t.clock.advance(24 * HOUR - 60_000);
    expect((await withdraw(token, { address_id: String(user.addressId) })).body.code).toBe(
      'WITHDRAW_LOCKED_UNTIL',
    );
    t.clock.advance(60_001);
    const passed = await withdraw(token, { address_id: String(user.addressId) });
    expect(passed.status).toBe(200);
    expect(await state(token)).toMatchObject({ withdraw_locked_until: null });
    expect((await balances(t.app, token)).currency).toEqual({
      available: '90.0000',
      frozen: '10.0000',
    });
    // A fresh operator token: the test clock moved past the last one.
    await expectBalanced(t.app, await adminToken(t));
  });

  it('pauses them after a change with the old password too, and keeps the money where it was', async () => {
    const user = await funded('30');
    const changed = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: PASSWORD, password: 'other-pass1', re_password: 'other-pass1' },
      auth(user.token),
    );
    expect(changed.status).toBe(200);
    const token = await login(user.email, 'other-pass1');
    const refused = await withdraw(token, { address_id: String(user.addressId) });
    expect(refused.body.code).toBe('WITHDRAW_LOCKED_UNTIL');
    expect((await balances(t.app, token)).currency).toEqual({
      available: '30.0000',
      frozen: '0.0000',
    });
    // A fresh operator token: the test clock moved past the last one.
    await expectBalanced(t.app, await adminToken(t));
  });
});

describe('the withdrawal lock after a fund password change', () => {
  const setFundPassword = async (user: TestUser, password: string) => {
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'security' });
    const code = await latestCode(t.app, user.email);
    const fields = { pay_password: password, re_pay_password: password, code };
    return call(t.app, 'POST', 'user/e_pwd', fields, auth(user.token));
  };

  it('checks the fund password as stored, not as the session last read it', async () => {
    const user = await funded('20');
    // The session is read (and remembered for a second); then the fund password changes.
    expect((await balances(t.app, user.token)).currency?.available).toBe('20.0000');
    await t.db
      .update(users)
      .set({ payPasswordHash: await hashPassword('135790') })
      .where(eq(users.id, user.id));
    const refused = await withdraw(user.token, { address_id: String(user.addressId) });
    expect(refused.body.code).toBe('PAY_PASSWORD_WRONG');
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '20.0000',
      frozen: '0.0000',
    });
    await expectBalanced(t.app, await adminToken(t));
  });

  it('pauses withdrawals for 24 h after the fund password is changed, naming the time', async () => {
    const user = await funded('40');
    expect((await setFundPassword(user, '246810')).status).toBe(200);
    const until = new Date(t.clock.now().getTime() + 24 * HOUR);
    expect(await state(user.token)).toMatchObject({ withdraw_locked_until: until.getTime() });
    const refused = await withdraw(user.token, {
      address_id: String(user.addressId),
      pay_password: '246810',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'WITHDRAW_LOCKED_UNTIL',
        message: `Withdrawals are paused until ${utcMinute(until)} after a security change to your account`,
      },
    });
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '40.0000',
      frozen: '0.0000',
    });
    t.clock.advance(24 * HOUR);
    const passed = await withdraw(user.token, {
      address_id: String(user.addressId),
      pay_password: '246810',
    });
    expect(passed.status).toBe(200);
    await expectBalanced(t.app, await adminToken(t));
  });

  it('does not pause them when the first fund password is set', async () => {
    const user = await seedUser(t, { kyc: true });
    expect((await setFundPassword(user, '975310')).status).toBe(200);
    expect(await state(user.token)).toMatchObject({ withdraw_locked_until: null });
  });
});

describe('the withdrawal whitelist', () => {
  it('on at once: only addresses and cards saved 24 h ago receive; off only 24 h after asking', async () => {
    const user = await funded();
    const fresh = await addressSaved(user, HOUR);
    const [card] = await t.db
      .insert(bankCards)
      .values({
        userId: user.id,
        name: 'Ann Lee',
        cardNumber: '4111111111111234',
        depositaryBank: 'HSBC',
        branch: 'Central',
        bankName: 'HSBC Hong Kong',
        bankAddress: '1 Queen’s Road Central',
        swiftCode: 'HSBCHKHH',
        payeeAddress: '2 Harbour Road',
        zipCode: '999077',
        createdAt: t.clock.now(),
      })
      .returning({ id: bankCards.id });

    expect((await whitelist(user.token, '1', { pay_password: '000000' })).body.code).toBe(
      'PAY_PASSWORD_WRONG',
    );
    expect((await state(user.token)).whitelist).toEqual({ on: false, off_at: null });
    const on = await whitelist(user.token, '1');
    expect(on.body.message.whitelist).toEqual({ on: true, off_at: null });

    const freshOpens = new Date(t.clock.now().getTime() + 23 * HOUR);
    const tooNew = await withdraw(user.token, { address_id: String(fresh) });
    expect(tooNew).toMatchObject({
      status: 403,
      body: {
        code: 'WHITELIST_ADDRESS_TOO_NEW',
        message: `The withdrawal whitelist is on: this address can receive withdrawals from ${utcMinute(freshOpens)}`,
      },
    });
    expect((await withdraw(user.token, { bank_id: String(card!.id) })).body.code).toBe(
      'WHITELIST_ADDRESS_TOO_NEW',
    );
    expect((await withdraw(user.token, { address_id: String(user.addressId) })).status).toBe(200);

    const book = await call(
      t.app,
      'POST',
      'wallet/get_address',
      { currency_id: '3' },
      auth(user.token),
    );
    const usable = Object.fromEntries(
      book.body.message.list.map((a: { id: number; usable_at: number | null }) => [
        a.id,
        a.usable_at,
      ]),
    );
    expect(usable).toEqual({ [user.addressId]: null, [fresh]: freshOpens.getTime() });

    // Turning it off waits 24 h; asking again does not push the time back.
    const offAt = t.clock.now().getTime() + 24 * HOUR;
    expect((await whitelist(user.token, '0')).body.message.whitelist).toEqual({
      on: true,
      off_at: offAt,
    });
    t.clock.advance(HOUR);
    expect((await whitelist(user.token, '0')).body.message.whitelist.off_at).toBe(offAt);

    t.clock.advance(22 * HOUR);
    const newest = await addressSaved(user, 0);
    expect((await withdraw(user.token, { address_id: String(newest) })).body.code).toBe(
      'WHITELIST_ADDRESS_TOO_NEW',
    );
    t.clock.advance(HOUR + 1);
    expect((await state(user.token)).whitelist).toEqual({ on: false, off_at: null });
    expect((await withdraw(user.token, { address_id: String(newest) })).status).toBe(200);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '80.0000',
      frozen: '20.0000',
    });
    // A fresh operator token: the test clock moved past the last one.
    await expectBalanced(t.app, await adminToken(t));
  });

  it('switching on again cancels a switch-off that was waiting', async () => {
    const user = await funded('0');
    await whitelist(user.token, '1');
    expect((await whitelist(user.token, '0')).body.message.whitelist.off_at).not.toBeNull();
    expect((await whitelist(user.token, '1')).body.message.whitelist).toEqual({
      on: true,
      off_at: null,
    });
    t.clock.advance(25 * HOUR);
    expect((await state(user.token)).whitelist).toEqual({ on: true, off_at: null });
  });

  it('needs the authenticator code when 2FA is on, each code once', async () => {
    const user = await funded('0');
    const secret = newTotpSecret();
    await t.db.insert(twoFactor).values({
      subject: 'user',
      subjectId: user.id,
      secret,
      enabledAt: t.clock.now(),
    });
    expect((await whitelist(user.token, '1')).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await whitelist(user.token, '1', { totp: '000000' })).body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    const totp = totpCode(secret, t.clock.now());
    expect((await whitelist(user.token, '1', { totp })).status).toBe(200);
    expect((await whitelist(user.token, '0', { totp })).body.code).toBe('TWO_FACTOR_CODE_USED');
    expect((await state(user.token)).whitelist).toEqual({ on: true, off_at: null });
  });
});

describe('the security centre', () => {
  it('shows which protections are on, read from their own tables', async () => {
    const user = await seedUser(t);
    expect(await state(user.token)).toEqual({
      login_password: true,
      fund_password: false,
      two_factor: false,
      passkeys: 0,
      anti_phishing: null,
      whitelist: { on: false, off_at: null },
      withdraw_locked_until: null,
    });
    await t.db.insert(twoFactor).values({
      subject: 'user',
      subjectId: user.id,
      secret: newTotpSecret(),
      enabledAt: t.clock.now(),
    });
    await t.db.insert(passkeys).values([
      { userId: user.id, credentialId: `c-${user.id}-1`, publicKey: 'k', name: 'Phone' },
      { userId: user.id, credentialId: `c-${user.id}-2`, publicKey: 'k', name: 'Laptop' },
    ]);
    expect(await state(user.token)).toMatchObject({ two_factor: true, passkeys: 2 });
    expect((await call(t.app, 'GET', 'user/security')).status).toBe(401);
  });
});
