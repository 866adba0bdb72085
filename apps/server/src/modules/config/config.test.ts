import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@hx/protocol';
import { call, registerEmail, testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('what the app starts from', () => {
  it('reports health with the version of the root package.json', async () => {
    const { body } = await call(t.app, 'GET', 'health');
    expect(body).toEqual({
      type: 'ok',
      message: {
        status: 'ok',
        version: rootVersion,
        mode: 'demo',
        db: expect.any(String),
        // One process alone owns nothing by lease: it writes every pair itself.
        process: t.app.bus.processId,
        owns: [],
      },
    });
  });

  it('gives the app name, version, the seven languages, base coins and networks per coin', async () => {
    const { body } = await call(t.app, 'GET', 'config');
    const config = body.message;
    expect(config.version).toBe(rootVersion);
    expect(config.languages.map((l: { value: string }) => l.value)).toEqual([...LOCALES]);
    expect(config.base_coins).toEqual([
      { name: 'BTC', currency_id: 1 },
      { name: 'ETH', currency_id: 2 },
      { name: 'USDT', currency_id: 3 },
    ]);
    const networks = Object.fromEntries(
      config.coins.map((c: { name: string; networks: string[] }) => [c.name, c.networks]),
    );
    expect(networks).toMatchObject({
      USDT: ['TRC20', 'OMNI', 'ERC20'],
      BTC: ['OMNI'],
      ETH: ['ERC20'],
    });
  });

  it('lists calling codes', async () => {
    const { body } = await call(t.app, 'POST', 'area_code');
    expect(body.message).toContainEqual({ code: '86', country: 'CN', name: 'China' });
  });

  it("keeps a logged-in user's language and refuses an unknown one", async () => {
    const { token } = await registerEmail(t.app, 'lang@example.com');
    expect(
      (await call(t.app, 'POST', 'set/lang', { lang: 'jp' }, { authorization: token })).body
        .message,
    ).toEqual({ lang: 'jp' });
    expect(
      (await call(t.app, 'POST', 'get/lang', {}, { authorization: token })).body.message,
    ).toEqual({ lang: 'jp' });
    expect((await call(t.app, 'POST', 'get/lang', {}, { lang: 'kr' })).body.message).toEqual({
      lang: 'kr',
    });
    const bad = await call(t.app, 'POST', 'set/lang', { lang: 'fr' }, { lang: 'hk' });
    expect(bad.body).toEqual({ type: 'error', code: 'LANG_INVALID', message: '不支援的語言' });
  });

  it('answers unknown paths and malformed bodies in the envelope, without a stack', async () => {
    const missing = await call(t.app, 'GET', 'no/such/thing', {}, { lang: 'kr' });
    expect(missing).toEqual({
      status: 404,
      body: { type: 'error', code: 'NOT_FOUND', message: '찾을 수 없습니다' },
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().type).toBe('error');
    expect(broken.body).not.toMatch(/at .*\.ts/);
  });

  it('publishes the OpenAPI document with the account routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/register', '/api/user/login', '/api/config']),
    );
  });

  it('redirects / to the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/h5/');
  });
});

describe('production mode', () => {
  it('has no demo outbox and no demo user', async () => {
    const prod = await testApp({ mode: 'production' });
    try {
      expect((await call(prod.app, 'GET', 'dev/outbox', { to: 'a@b.com' })).status).toBe(404);
      const login = await call(prod.app, 'POST', 'user/login', {
        account: 'demo@demo.local',
        password: 'demo123456',
      });
      expect(login.body.code).toBe('LOGIN_FAILED');
      // With no sender configured, a code cannot be sent, and the user is told so.
      const send = await call(prod.app, 'POST', 'sms_mail', {
        email: 'a@b.com',
        scene: 'register',
      });
      expect(send.body.code).toBe('SEND_FAILED');
    } finally {
      await prod.close();
    }
  });
});
