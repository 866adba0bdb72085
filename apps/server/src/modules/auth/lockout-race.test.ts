import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { admins, loginFailures, users, withdrawals } from '@hx/db';
import { hashPassword } from '../../lib/passwords.ts';
import { newInviteCode } from '../../lib/tokens.ts';
import { call, latestCode } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { MAX_PAY_FAILURES } from '../security/pay-password.ts';
import { MAX_FAILURES_PER_ACCOUNT } from './lockout.ts';

let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

/** Each guess from an address of its own, as an attacker with many would send them. */
const post = (url: string, fields: Record<string, string>, i: number, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    remoteAddress: `10.${Math.floor(i / 250)}.${i % 250}.7`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && auth(token)) },
    payload: new URLSearchParams(fields).toString(),
  });

/** `n` guesses at once, the right secret in the middle of them (as the probe sent them). */
async function race(n: number, send: (right: boolean, i: number) => ReturnType<typeof post>) {
  const middle = Math.floor(n / 2);
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i === middle, i)));
  const codes = answers.map((a) => a.json().code as string | undefined);
  return {
    right: answers[middle]!,
    failed: codes.filter((c) => c === 'LOGIN_FAILED' || c === 'PAY_PASSWORD_WRONG').length,
  };
}

const failuresOf = async (key: string) =>
  (await t.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.key, key)))[0]!.n;

describe('lockouts under concurrent guesses', () => {
  it('a user login: at most five wrong passwords are checked, and the right one among them is locked out', async () => {
    const email = 'raced@example.com';
    await t.db.insert(users).values({
      email,
      nickname: 'raced',
      passwordHash: await hashPassword('right-password'),
      inviteCode: newInviteCode(10),
    });
    const { right, failed } = await race(40, (ok, i) =>
      post('user/login', { account: email, password: ok ? 'right-password' : `wrong-${i}` }, i),
    );
    expect(failed).toBeLessThan(MAX_FAILURES_PER_ACCOUNT);
    expect(await failuresOf(`account:${email}`)).toBe(MAX_FAILURES_PER_ACCOUNT);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('LOGIN_LOCKED');
  });

  it('an operator login the same', async () => {
    const email = 'raced-operator@demo.local';
    await t.db
      .insert(admins)
      .values({ email, passwordHash: await hashPassword('operator-password'), role: 'support' });
    const { right } = await race(40, (ok, i) =>
      post('admin/login', { email, password: ok ? 'operator-password' : `wrong-${i}` }, i),
    );
    expect(right.json().code).toBe('LOGIN_LOCKED');
    expect(await failuresOf(`account:admin:${email}`)).toBe(MAX_FAILURES_PER_ACCOUNT);
  });

  it('the fund password: the right one among the guesses withdraws nothing', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    const addressId = await seedAddress(t, user.id);
    await deposit(t.app, user, admin, '100');
    const { right, failed } = await race(20, (ok, i) =>
      post(
        'wallet/out',
        {
          currency_id: '3',
          address_id: String(addressId),
          number: '10',
          pay_password: ok ? PAY : String(100000 + i),
        },
        i,
        user.token,
      ),
    );
    expect(failed).toBeLessThan(MAX_PAY_FAILURES);
    expect(await failuresOf(`pay:${user.id}`)).toBe(MAX_PAY_FAILURES);
    expect(right.json().code).toBe('PAY_PASSWORD_LOCKED');
    const made = await t.db
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.userId, user.id));
    expect(made[0]!.n).toBe(0);
    await expectBalanced(t.app, admin);
  });
});

describe('safe/update_password', () => {
  it('locks after five wrong old passwords, so a borrowed session cannot guess it', async () => {
    const email = 'changer@example.com';
    await t.db.insert(users).values({
      email,
      nickname: 'changer',
      passwordHash: await hashPassword('old-password'),
      inviteCode: newInviteCode(10),
    });
    const token = (
      await call(t.app, 'POST', 'user/login', { account: email, password: 'old-password' })
    ).body.message.token as string;
    const change = (old: string) =>
      call(
        t.app,
        'POST',
        'safe/update_password',
        { old_password: old, password: 'new-password', re_password: 'new-password' },
        auth(token),
      );
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++)
      expect((await change(`guess-${i}`)).body.code).toBe('OLD_PASSWORD_WRONG');
    expect((await change('guess-last')).body.code).toBe('LOGIN_LOCKED');
    const locked = await change('old-password');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('LOGIN_LOCKED');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await change('old-password')).status).toBe(200);
  });
});

describe('wallet/addaddress', () => {
  it('tells nothing about a fund password guess without a right code', async () => {
    const user = await seedUser(t, { pay: true });
    const add = (pay_password: string) =>
      call(
        t.app,
        'POST',
        'wallet/addaddress',
        {
          currency_id: '3',
          network: 'TRC20',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          pay_password,
          code: '000000',
        },
        auth(user.token),
      );
    // Right or wrong, the answer is the same, and no guess was counted.
    expect((await add('999999')).body.code).toBe('CODE_INVALID');
    expect((await add(PAY)).body.code).toBe('CODE_INVALID');
    expect(await failuresOf(`pay:${user.id}`)).toBe(0);
  });
});

describe('codes under concurrent guesses', () => {
  it('a reset code dies after five wrong guesses, however many arrive at once', async () => {
    const email = 'reset-raced@example.com';
    await t.db.insert(users).values({
      email,
      nickname: 'reset',
      passwordHash: await hashPassword('old-password'),
      inviteCode: newInviteCode(10),
    });
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'forget' });
    const code = await latestCode(t.app, email);
    const reset = (guess: string, i: number) =>
      post(
        'user/forget',
        { account: email, code: guess, password: 'new-password', re_password: 'new-password' },
        i,
      );
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 30 }, (_, i) => reset(wrong(i), i)));
    const right = await reset(code, 30);
    expect(right.json().code).toBe('CODE_INVALID');
  });
});
