import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, registerEmail, testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: token });

describe('registration', () => {
  it('registers by email with the code from the outbox and the token opens user/center', async () => {
    const { token, user } = await registerEmail(t.app, 'Alice@Example.com');
    expect(user.id).toBeGreaterThan(0);
    const center = await call(t.app, 'GET', 'user/center', {}, auth(token));
    expect(center.status).toBe(200);
    expect(center.body.type).toBe('ok');
    expect(center.body.message).toMatchObject({
      account: 'alice@example.com',
      email: 'alice@example.com',
      kyc: { basic: 'unverified', advanced: 'unverified' },
    });
    expect(JSON.stringify(center.body)).not.toContain('hash');
  });

  it('registers by phone with its area code, and the same number elsewhere is another account', async () => {
    await call(t.app, 'POST', 'sms_send', {
      phone: '13800000001',
      area_code: '+86',
      scene: 'register',
    });
    const code = await latestCode(t.app, '8613800000001');
    const registered = await call(t.app, 'POST', 'user/register', {
      account: '13800000001',
      area_code: '86',
      code,
      password: 'secret123',
      re_password: 'secret123',
      agree: '1',
    });
    expect(registered.status).toBe(200);
    expect(registered.body.message.user).toMatchObject({ phone: '13800000001', area_code: '86' });
    const check = await call(t.app, 'POST', 'user/check_register', {
      account: '13800000001',
      area_code: '86',
    });
    expect(check.body.message.registered).toBe(true);
    const elsewhere = await call(t.app, 'POST', 'user/check_register', {
      account: '13800000001',
      area_code: '1',
    });
    expect(elsewhere.body.message.registered).toBe(false);
  });

  it('says what is wrong in the language asked for, and creates nothing', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'ACCOUNT_REQUIRED', 'Please enter your phone number or email'],
      [
        { account: 'not-an-account' },
        'ACCOUNT_INVALID',
        'Please enter a valid phone number or email',
      ],
      [
        { account: 'x@y.com', code: '123456', password: 'abc', re_password: 'abc', agree: '1' },
        'PASSWORD_TOO_SHORT',
        'The password must be at least 6 characters',
      ],
      [
        {
          account: 'x@y.com',
          code: '123456',
          password: 'abcdef',
          re_password: 'abcdeg',
          agree: '1',
        },
        'PASSWORD_MISMATCH',
        'Password twice inconsistent',
      ],
      [
        { account: 'x@y.com', code: '123456', password: 'abcdef', re_password: 'abcdef' },
        'AGREEMENT_REQUIRED',
        'Please read and accept the user agreement',
      ],
      [
        { account: 'x@y.com', password: 'abcdef', re_password: 'abcdef', agree: '1' },
        'CODE_REQUIRED',
        'Please enter the verification code',
      ],
      [
        {
          account: '13800000009',
          code: '123456',
          password: 'abcdef',
          re_password: 'abcdef',
          agree: '1',
        },
        'AREA_CODE_INVALID',
        'Please choose a country or region code',
      ],
    ];
    for (const [fields, code, message] of cases) {
      const { status, body } = await call(t.app, 'POST', 'user/register', fields);
      expect({ status, body }).toEqual({ status: 400, body: { type: 'error', code, message } });
    }
    const zh = await call(t.app, 'POST', 'user/register', cases[3]![0], { lang: 'zh' });
    expect(zh.body.message).toBe('两次密码输入不一致');
    const th = await call(t.app, 'POST', 'user/register', {}, { lang: 'th' });
    expect(th.body.message).toBe('กรุณากรอกเบอร์โทรศัพท์หรืออีเมล');
    const check = await call(t.app, 'POST', 'user/check_register', { account: 'x@y.com' });
    expect(check.body.message.registered).toBe(false);
  });

  it('takes a code once, refuses a wrong one, and lets it expire after 10 minutes', async () => {
    const email = 'codes@example.com';
    const form = { account: email, password: 'secret123', re_password: 'secret123', agree: '1' };
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' });
    const code = await latestCode(t.app, email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await call(t.app, 'POST', 'user/register', { ...form, code: wrong })).body.code).toBe(
      'CODE_INVALID',
    );
    // A code for another purpose does not register.
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'forget' });
    const forgetCode = await latestCode(t.app, email);
    if (forgetCode !== code) {
      expect(
        (await call(t.app, 'POST', 'user/register', { ...form, code: forgetCode })).body.code,
      ).toBe('CODE_INVALID');
    }
    t.clock.advance(10 * 60_000);
    expect((await call(t.app, 'POST', 'user/register', { ...form, code })).body.code).toBe(
      'CODE_INVALID',
    );

    await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' });
    const fresh = await latestCode(t.app, email);
    expect((await call(t.app, 'POST', 'user/register', { ...form, code: fresh })).status).toBe(200);
    const again = await call(t.app, 'POST', 'user/register', {
      ...form,
      account: 'other@example.com',
      code: fresh,
    });
    expect(again.body.code).toBe('CODE_INVALID');
  });

  it('allows one code a minute and a bounded number an hour per destination', async () => {
    const email = 'limits@example.com';
    expect((await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' })).status).toBe(200);
    const soon = await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('CODE_TOO_SOON');
    for (let i = 1; i < 10; i++) {
      t.clock.advance(61_000);
      expect((await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' })).status).toBe(
        200,
      );
    }
    t.clock.advance(61_000);
    expect((await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' })).body.code).toBe(
      'CODE_LIMIT',
    );
    t.clock.advance(60 * 60_000);
    expect((await call(t.app, 'POST', 'sms_mail', { email, scene: 'register' })).status).toBe(200);
  });

  it('waits a minute per purpose only: a fund-password code and an address code at once', async () => {
    const email = 'purposes@example.com';
    const { token } = await registerEmail(t.app, email);
    const me = auth(token);
    const mail = (scene: string, headers: Record<string, string> = {}) =>
      call(t.app, 'POST', 'sms_mail', { email, scene }, headers);
    const codeFor = async (scene: string) => {
      const { body } = await call(t.app, 'GET', 'dev/outbox', { to: email });
      return body.message.list.find((m: { scene: string }) => m.scene === scene).code as string;
    };
    // Right after the registration code: forgetting the password is another purpose.
    expect((await mail('forget')).status).toBe(200);
    // Setting the fund password, then adding an address, without waiting in between.
    expect((await mail('security')).status).toBe(200);
    expect((await mail('address')).status).toBe(200);
    // The same purpose again within the minute is refused, in the language asked for.
    const again = await mail('security', { lang: 'zh' });
    expect([again.status, again.body.code, again.body.message]).toEqual([
      429,
      'CODE_TOO_SOON',
      '验证码刚刚已发送，请一分钟后再试',
    ]);

    // A code only does what it was sent for.
    const security = await codeFor('security');
    const address = await codeFor('address');
    const fund = { pay_password: '135790', re_pay_password: '135790' };
    expect(
      (await call(t.app, 'POST', 'user/e_pwd', { ...fund, code: address }, me)).body.code,
    ).toBe('CODE_INVALID');
    expect((await call(t.app, 'POST', 'user/e_pwd', { ...fund, code: security }, me)).status).toBe(
      200,
    );
    t.clock.advance(61_000);
    expect((await mail('security')).status).toBe(200);
    const form = {
      currency_id: '3',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      pay_password: '135790',
    };
    const wrongPurpose = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      { ...form, code: await codeFor('security') },
      me,
    );
    expect(wrongPurpose.body.code).toBe('CODE_INVALID');
    const added = await call(t.app, 'POST', 'wallet/addaddress', { ...form, code: address }, me);
    expect(added.status).toBe(200);
  });

  it('refuses a second registration of an account and an unknown invitation code, and keeps a real one', async () => {
    const inviter = await registerEmail(t.app, 'inviter@example.com');
    await expect(registerEmail(t.app, 'inviter@example.com')).rejects.toThrow('ACCOUNT_EXISTS');
    await expect(
      registerEmail(t.app, 'invited@example.com', 'secret123', { invite_code: 'NOPE0000' }),
    ).rejects.toThrow('INVITE_INVALID');
    t.clock.advance(61_000);
    const invited = await registerEmail(t.app, 'invited@example.com', 'secret123', {
      invite_code: inviter.user.invite_code.toLowerCase(),
    });
    expect(invited.user.invite_code).not.toBe(inviter.user.invite_code);
  });
});

describe('login and sessions', () => {
  it('logs in with the demo user, with or without a Bearer prefix, and by JSON too', async () => {
    const login = await call(t.app, 'POST', 'user/login', {
      account: 'demo@demo.local',
      password: 'demo123456',
    });
    expect(login.status).toBe(200);
    const token: string = login.body.message.token;
    expect(
      (await call(t.app, 'GET', 'user/center', {}, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 'demo@demo.local', password: 'demo123456' },
    });
    expect(json.json().type).toBe('ok');
  });

  it('answers a missing or bad token with 401 UNAUTHENTICATED', async () => {
    for (const headers of [{}, auth('nonsense')]) {
      const { status, body } = await call(t.app, 'GET', 'user/center', {}, headers);
      expect(status).toBe(401);
      expect(body).toEqual({
        type: 'error',
        code: 'UNAUTHENTICATED',
        message: 'Please log in first',
      });
    }
  });

  it('ends the session at logout', async () => {
    const { token } = await registerEmail(t.app, 'logout@example.com');
    expect((await call(t.app, 'POST', 'user/logout', {}, auth(token))).status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(token))).status).toBe(401);
  });

  it('says a wrong password in the user language, then locks the account for a while', async () => {
    await registerEmail(t.app, 'locked@example.com', 'right-password');
    const wrong = { account: 'locked@example.com', password: 'wrong-password' };
    const first = await call(t.app, 'POST', 'user/login', wrong, { lang: 'esp' });
    expect(first.body).toEqual({
      type: 'error',
      code: 'LOGIN_FAILED',
      message: 'Cuenta o contraseña incorrecta',
    });
    for (let i = 2; i <= 4; i++)
      expect((await call(t.app, 'POST', 'user/login', wrong)).body.code).toBe('LOGIN_FAILED');
    expect((await call(t.app, 'POST', 'user/login', wrong)).body.code).toBe('LOGIN_LOCKED');
    const right = { account: 'locked@example.com', password: 'right-password' };
    const locked = await call(t.app, 'POST', 'user/login', right);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed attempts, please try again in 15 minutes');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await call(t.app, 'POST', 'user/login', right)).status).toBe(200);
  });

  it('does not tell an unknown account from a wrong password', async () => {
    const { body } = await call(t.app, 'POST', 'user/login', {
      account: 'nobody@example.com',
      password: 'whatever',
    });
    expect(body.code).toBe('LOGIN_FAILED');
  });
});

describe('passwords', () => {
  it('changes the password: the old one is checked, other sessions end, this one stays', async () => {
    const { token } = await registerEmail(t.app, 'change@example.com', 'first-pass');
    const other = (
      await call(t.app, 'POST', 'user/login', {
        account: 'change@example.com',
        password: 'first-pass',
      })
    ).body.message.token;
    const bad = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'nope', password: 'second-pass', re_password: 'second-pass' },
      auth(token),
    );
    expect(bad.body.code).toBe('OLD_PASSWORD_WRONG');
    const mismatch = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'first-pass', password: 'second-pass', re_password: 'second-paxx' },
      auth(token),
    );
    expect(mismatch.body.code).toBe('PASSWORD_MISMATCH');
    const changed = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'first-pass', password: 'second-pass', re_password: 'second-pass' },
      auth(token),
    );
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(token))).status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(other))).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', 'user/login', {
          account: 'change@example.com',
          password: 'first-pass',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', 'user/login', {
          account: 'change@example.com',
          password: 'second-pass',
        })
      ).status,
    ).toBe(200);
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const { token } = await registerEmail(t.app, 'forgot@example.com', 'old-password');
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: 'forgot@example.com', scene: 'forget' });
    const code = await latestCode(t.app, 'forgot@example.com');
    const reset = await call(t.app, 'POST', 'user/forget', {
      account: 'forgot@example.com',
      code,
      password: 'new-password',
      re_password: 'new-password',
    });
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(token))).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', 'user/login', {
          account: 'forgot@example.com',
          password: 'new-password',
        })
      ).status,
    ).toBe(200);
    const unknown = await call(t.app, 'POST', 'user/forget', {
      account: 'ghost@example.com',
      code,
      password: 'abcdef',
      re_password: 'abcdef',
    });
    expect(unknown.body.code).toBe('ACCOUNT_NOT_FOUND');
  });
});
