import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loginHistory } from '@hx/db';
import { call, latestCode, registerEmail } from '../../test/harness.ts';
import { auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';
import { codeNow, enableTwoFactor, nextCode } from './test-kit.ts';

let t: MoneyApp;
beforeAll(async () => {
  // inject() comes from 127.0.0.1, the proxy: X-Forwarded-For names each client's address.
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'], trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());

const PASSWORD = 'secret123';
const OWNER_IP = { 'x-forwarded-for': '203.0.113.5' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });
let n = 0;

async function protectedUser() {
  const email = `wrong-codes-${++n}@example.com`;
  const { token, user } = await registerEmail(t.app, email, PASSWORD);
  const { secret } = await enableTwoFactor(t, token);
  return { email, token, id: user.id, secret };
}

async function ticketOf(email: string, headers: Record<string, string>): Promise<string> {
  const login = await call(
    t.app,
    'POST',
    'user/login',
    { account: email, password: PASSWORD },
    headers,
  );
  expect(login.body.message.need_2fa).toBe(true);
  return login.body.message.ticket;
}

/** One second-step try on a fresh ticket from `headers`' address; the answer's code or 'ok'. */
async function secondStep(
  email: string,
  code: string,
  headers: Record<string, string>,
  extra: Record<string, string> = {},
) {
  const ticket = await ticketOf(email, headers);
  const answer = await call(t.app, 'POST', 'user/login/2fa', { ticket, code, ...extra }, headers);
  return answer.status === 200 ? 'ok' : (answer.body.code as string);
}

const disable = (token: string, code: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', 'user/2fa/disable', { code }, auth(token, headers));

describe('a code used already', () => {
  it('says so with the seconds until the next code, in the language asked for', async () => {
    // 12 s into a 30-second step: the next code comes in 18 s.
    t.clock.advance((42_000 - (t.clock.now().getTime() % 30_000)) % 30_000);
    const user = await protectedUser();
    const used = await disable(user.token, codeNow(t, user.secret), { lang: 'kr' });
    expect(used.body).toMatchObject({
      code: 'TWO_FACTOR_CODE_USED',
      message:
        '이 인증 코드는 방금 사용되었습니다. 18초 후 앱에 표시되는 다음 코드를 입력해 주세요',
    });
    t.clock.advance(10_000);
    expect((await disable(user.token, codeNow(t, user.secret))).body.message).toBe(
      'The authenticator code was just used. Wait 8 seconds for the next code in your app',
    );
    // A wrong code is still just wrong.
    expect((await disable(user.token, '000000')).body.code).toBe('TWO_FACTOR_INVALID');
  });

  it('does not clear the count of wrong codes: four wrong and a replay, then the fifth locks', async () => {
    const user = await protectedUser();
    for (let i = 0; i < 4; i++)
      expect((await disable(user.token, String(100000 + i))).body.code).toBe('TWO_FACTOR_INVALID');
    // The code that turned 2FA on: right, but spent.
    expect((await disable(user.token, codeNow(t, user.secret))).body.code).toBe(
      'TWO_FACTOR_CODE_USED',
    );
    expect((await disable(user.token, '100009')).body.code).toBe('TWO_FACTOR_LOCKED');
    expect((await disable(user.token, nextCode(t, user.secret))).body.code).toBe(
      'TWO_FACTOR_LOCKED',
    );
    // A code actually spent (after the lock) clears the count.
    t.clock.advance(15 * 60_000 + 1);
    expect((await disable(user.token, codeNow(t, user.secret))).status).toBe(200);
  });

  it('at the login step too', async () => {
    const user = await protectedUser();
    for (let i = 0; i < 4; i++)
      expect(await secondStep(user.email, String(200000 + i), OWNER_IP)).toBe('TWO_FACTOR_INVALID');
    expect(await secondStep(user.email, codeNow(t, user.secret), OWNER_IP)).toBe(
      'TWO_FACTOR_CODE_USED',
    );
    expect(await secondStep(user.email, '200009', OWNER_IP)).toBe('TWO_FACTOR_LOCKED');
  });
});

describe('wrong codes from whoever holds the password', () => {
  it('lock only their address, then ask every address for a code to the account as well', async () => {
    const user = await protectedUser();
    const attacker = from('198.51.100.7');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await secondStep(user.email, '111111', attacker));
    expect(answers).toEqual([
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_LOCKED',
    ]);
    // The attacker's address is locked out, even with a right code; the owner is not.
    expect(await secondStep(user.email, nextCode(t, user.secret), attacker)).toBe(
      'TWO_FACTOR_LOCKED',
    );
    expect(await secondStep(user.email, codeNow(t, user.secret), OWNER_IP)).toBe('ok');

    // From many addresses: past ten wrong codes for the account, no code is looked at without
    // the account's own code (the attacker cannot get it).
    const spread = [];
    for (let i = 0; i < 11; i++)
      spread.push(await secondStep(user.email, '222222', from(`198.51.100.${20 + (i % 4)}`)));
    expect(spread.slice(0, 10).every((code) => code === 'TWO_FACTOR_INVALID')).toBe(true);
    expect(spread[10]).toBe('TWO_FACTOR_ACCOUNT_CODE_REQUIRED');
    expect(await secondStep(user.email, '222222', from('198.51.100.99'))).toBe(
      'TWO_FACTOR_ACCOUNT_CODE_REQUIRED',
    );

    // The owner is asked for it too, and gets in with it.
    const asked = await call(
      t.app,
      'POST',
      'user/login/2fa',
      { ticket: await ticketOf(user.email, OWNER_IP), code: nextCode(t, user.secret) },
      { ...OWNER_IP, lang: 'esp' },
    );
    expect(asked.status).toBe(403);
    expect(asked.body.message).toBe(
      'Se han probado muchos códigos de autenticación incorrectos en esta cuenta. Pide un código a tu correo o teléfono e introdúcelo junto con el código de autenticación',
    );
    const sent = await call(
      t.app,
      'POST',
      'sms_mail',
      { email: user.email, scene: 'login' },
      OWNER_IP,
    );
    expect(sent.status).toBe(200);
    const mailed = await latestCode(t.app, user.email);
    expect(
      await secondStep(user.email, codeNow(t, user.secret), OWNER_IP, {
        account_code: mailed === '000000' ? '000001' : '000000',
      }),
    ).toBe('CODE_INVALID');
    expect(
      await secondStep(user.email, codeNow(t, user.secret), OWNER_IP, { account_code: mailed }),
    ).toBe('ok');
    const [last, before] = await t.db
      .select({ result: loginHistory.result, ip: loginHistory.ip })
      .from(loginHistory)
      .where(eq(loginHistory.userId, user.id))
      .orderBy(desc(loginHistory.id))
      .limit(2);
    expect(last).toMatchObject({ result: 'ok', ip: '203.0.113.5' });
    expect(before?.result).toBe('need_2fa');
  });
});
