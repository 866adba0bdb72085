import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, registerEmail, testApp, type TestApp } from '../../test/harness.ts';
import { CODE_AFTER_FAILURES, MAX_FAILURES_PER_ACCOUNT } from '../verification/lockout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A login from an address of its own (`i`), as a guesser with many would send it. */
async function login(fields: Record<string, string>, i: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: `10.9.${i}.7`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json().code as string | undefined;
}

const history = async (token: string) => {
  const { body } = await call(t.app, 'GET', 'user/login_history', {}, { authorization: token });
  return (body.message.list as { result: string; method: string }[]).map((h) => h.result);
};

describe('refused logins in the login history', () => {
  it('tells "code required" and a wrong login code from an address locked out ("locked")', async () => {
    const account = 'refusals@example.com';
    const { token } = await registerEmail(t.app, account, 'right-password');
    // Five wrong from one address lock it out of the account; five more from elsewhere make ten.
    for (let n = 0; n < MAX_FAILURES_PER_ACCOUNT; n++)
      await login({ account, password: `wrong-${n}` }, 60);
    expect(await login({ account, password: 'right-password' }, 60)).toBe('LOGIN_LOCKED');
    for (let i = MAX_FAILURES_PER_ACCOUNT; i < CODE_AFTER_FAILURES; i++)
      expect(await login({ account, password: `wrong-${i}` }, i)).toBe('LOGIN_FAILED');

    // Ten wrong from everywhere: a password alone no longer logs in, and is not checked.
    expect(await login({ account, password: 'right-password' }, 50)).toBe('LOGIN_CODE_REQUIRED');
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: account, scene: 'login' });
    const code = await latestCode(t.app, account);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await login({ account, password: 'right-password', code: wrong }, 51)).toBe(
      'CODE_INVALID',
    );
    const refusals = await history(token);
    expect(refusals.slice(0, 3)).toEqual(['wrong_code', 'code_required', 'wrong_password']);
    expect(refusals).toContain('locked');
    expect(refusals.filter((r) => r === 'wrong_password')).toHaveLength(CODE_AFTER_FAILURES);

    // The owner, with the code, gets in.
    expect(await login({ account, password: 'right-password', code }, 52)).toBeUndefined();
    expect((await history(token))[0]).toBe('ok');
  });
});
