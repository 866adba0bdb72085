import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerEmail, testApp, type TestApp } from '../test/harness.ts';
import { CARD, cardProof, setFundPassword } from '../modules/bank/test-kit.ts';
import { unstorableField } from './text-guard.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp();
  token = (await registerEmail(t.app, 'text@example.com')).token;
  await setFundPassword(t, 'text@example.com', token);
});
afterAll(() => t.close());

const card = CARD;

describe('text the database cannot store', () => {
  it('refuses a NUL byte in a nickname with a 400 naming the field, and keeps the old one', async () => {
    const before = (await call(t.app, 'GET', 'user/center', {}, { authorization: token })).body
      .message.nickname;
    const nul = await call(
      t.app,
      'POST',
      'user/set_nickname',
      { nickname: 'eve\u0000il' },
      { authorization: token, lang: 'kr' },
    );
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      type: 'error',
      code: 'TEXT_INVALID_CHARACTERS',
      message: 'nickname에 허용되지 않는 문자가 포함되어 있습니다',
    });
    const after = await call(t.app, 'GET', 'user/center', {}, { authorization: token });
    expect(after.body.message.nickname).toBe(before);
  });

  it('refuses half a surrogate pair in JSON, and keeps whole ones (emoji)', async () => {
    const send = (nickname: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/set_nickname',
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: `{"nickname":"${nickname}"}`,
      });
    const lone = await send('a\\ud800b');
    expect(lone.statusCode).toBe(400);
    expect(lone.json().code).toBe('TEXT_INVALID_CHARACTERS');
    const emoji = await send('a\\ud83d\\ude00b');
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().message.nickname).toBe('a😀b');
  });

  it('refuses a NUL byte in a bank card field, and saves no card', async () => {
    const saved = await call(
      t.app,
      'POST',
      'user/cash_save',
      { ...card, bank_address: 'Road\u0000', ...(await cardProof(t, 'text@example.com')) },
      { authorization: token },
    );
    expect(saved.status).toBe(400);
    expect(saved.body.code).toBe('TEXT_INVALID_CHARACTERS');
    const cards = await call(t.app, 'POST', 'user/cash_info', {}, { authorization: token });
    expect(JSON.stringify(cards.body)).not.toContain('Ann Lee');
  });

  it('refuses a NUL byte in a query string or a path', async () => {
    const outbox = await call(t.app, 'GET', 'dev/outbox', { to: 'a\u0000b' });
    expect(outbox.status).toBe(400);
    expect(outbox.body.code).toBe('TEXT_INVALID_CHARACTERS');
    const path = await t.app.inject({ method: 'GET', url: '/api/avatar/%00' });
    expect(path.statusCode).toBeLessThan(500);
  });

  it('names the nested field', () => {
    expect(unstorableField({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(unstorableField({ a: ['ok', '😀'] })).toBeNull();
    expect(unstorableField('\udc00')).toBe('');
  });
});

describe('input nested too deep', () => {
  const deep = (levels: number, inner = '"x"') => '['.repeat(levels) + inner + ']'.repeat(levels);

  it('answers JSON nested 10,000 deep with a translated 400, on login too', async () => {
    for (const [lang, text] of [
      ['en', 'The request is nested too deeply (at most 32 levels)'],
      ['jp', 'リクエストの入れ子が深すぎます（最大 32 階層）'],
    ] as const) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', lang },
        payload: `{"account":"text@example.com","password":${deep(10_000)}}`,
      });
      expect([login.statusCode, login.json()]).toEqual([
        400,
        { type: 'error', code: 'BODY_TOO_DEEP', message: text },
      ]);
    }
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/user/set_nickname',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: deep(10_000, '{}'),
    });
    expect(whole.json().code).toBe('BODY_TOO_DEEP');
  });

  it('still reads input as deep as a request needs', () => {
    const nested = JSON.parse(deep(31, '"a\\u0000"')) as unknown;
    expect(unstorableField({ list: nested })).toBe(`list${'.0'.repeat(31)}`);
    expect(() => unstorableField(JSON.parse(deep(40)))).toThrow();
  });
});
