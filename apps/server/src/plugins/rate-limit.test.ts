import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerEmail, testApp, type TestApp } from '../test/harness.ts';

const defaults = loadConfig({}).rateLimit;
const limits = { ...defaults, perAddress: 5, perUser: 8, login: 3 };

/** A request from `ip`; returns status, code and retry-after. */
async function from(
  t: TestApp,
  ip: string,
  url: string,
  {
    method = 'GET',
    headers = {},
    form,
  }: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    form?: Record<string, string>;
  } = {},
) {
  const response = await t.app.inject({
    method,
    url: `/api/${url}`,
    remoteAddress: ip,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
    payload: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = response.json() as { code?: string; message: unknown };
  return {
    status: response.statusCode,
    code: body.code,
    body,
    retryAfter: response.headers['retry-after'],
  };
}

const burst = async (n: number, send: () => Promise<{ status: number }>) => {
  const statuses = [];
  for (let i = 0; i < n; i++) statuses.push((await send()).status);
  return statuses;
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ rateLimit: limits, rateLimitAllow: ['198.51.100.9'] });
});
afterAll(() => t.close());

describe('request rate limits', () => {
  it('answers a burst over the limit with 429 RATE_LIMITED in the caller language', async () => {
    const statuses = await burst(limits.perAddress, () => from(t, '198.51.100.1', 'config'));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await from(t, '198.51.100.1', 'config', { headers: { lang: 'zh' } });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      type: 'error',
      code: 'RATE_LIMITED',
      message: '请求过于频繁，请稍后再试',
    });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    // Another address is not held up by this one.
    expect((await from(t, '198.51.100.2', 'config')).status).toBe(200);
  });

  it('does not limit an address in RATE_LIMIT_ALLOW', async () => {
    const statuses = await burst(limits.perAddress * 3, () => from(t, '198.51.100.9', 'config'));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('counts a logged-in user by account, not by address', async () => {
    const { token } = await registerEmail(t.app, 'busy@example.com');
    const auth = { authorization: token };
    // One user moving between addresses shares one budget...
    const statuses = await burst(limits.perUser, () =>
      from(t, `198.51.100.${20 + Math.floor(Math.random() * 10)}`, 'user/center', {
        headers: auth,
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await from(t, '198.51.100.40', 'user/center', { headers: auth })).code).toBe(
      'RATE_LIMITED',
    );
    // ...and neither that user nor visitors behind the same address use up each other's.
    const visitor = await burst(limits.perAddress, () => from(t, '198.51.100.40', 'config'));
    expect(visitor.every((s) => s === 200)).toBe(true);
  });

  it('limits password logins more tightly than the rest', async () => {
    const login = () =>
      from(t, '198.51.100.50', 'user/login', {
        method: 'POST',
        form: { account: 'nobody@example.com', password: 'whatever' },
      });
    const first = await burst(limits.login, login);
    expect(first.every((s) => s !== 429 && s !== 200)).toBe(true);
    expect((await login()).code).toBe('RATE_LIMITED');
    // The same address may still use the rest of the API.
    expect((await from(t, '198.51.100.50', 'config')).status).toBe(200);
  });
});

/** Is a Redis listening on 127.0.0.1:6379? */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = new Socket();
  socket.setTimeout(500);
  const answer = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.once('connect', () => answer(true)).once('error', () => answer(false));
  socket.once('timeout', () => answer(false));
  socket.connect(6379, '127.0.0.1');
});

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  const shared = { rateLimit: limits, redisUrl: 'redis://127.0.0.1:6379' };
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    [one, two] = await Promise.all([testApp(shared), testApp(shared)]);
  });
  afterAll(() => Promise.all([one.close(), two.close()]));

  it('two processes count one limit for one address', async () => {
    // A fresh address each run: the counters outlive this test for a minute.
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    let turn = 0;
    const statuses = await burst(limits.perAddress, () =>
      turn++ % 2 ? from(one, ip, 'config') : from(two, ip, 'config'),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await from(one, ip, 'config')).code).toBe('RATE_LIMITED');
    expect((await from(two, ip, 'config')).code).toBe('RATE_LIMITED');
  });
});
