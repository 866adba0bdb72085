import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@hx/protocol';
import { call } from '../../test/harness.ts';
import { adminToken, moneyApp, seedUser, type MoneyApp } from '../wallet/test-kit.ts';

const EMAIL = 'outbox-owner@example.com';
const ELSEWHERE = '203.0.113.5';

let t: MoneyApp;
let code: string;

beforeAll(async () => {
  t = await moneyApp();
  expect((await call(t.app, 'POST', 'sms_mail', { email: EMAIL, scene: 'register' })).status).toBe(
    200,
  );
  // From this machine (inject's default address is 127.0.0.1).
  const { status, body } = await call(t.app, 'GET', 'dev/outbox', { to: EMAIL });
  expect(status).toBe(200);
  code = body.message.list[0].code;
  expect(code).toMatch(/^\d{6}$/);
});
afterAll(() => t.close());

/** The outbox as asked from another machine. */
async function fromElsewhere(headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`,
    remoteAddress: ELSEWHERE,
    headers,
  });
  return { status: response.statusCode, text: response.body };
}

describe('the demo outbox', () => {
  it('answers a caller on this machine over IPv6 too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`,
      remoteAddress: '::1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(code);
  });

  it('refuses another machine without an operator token, in its language, showing no code', async () => {
    const { status, text } = await fromElsewhere({ lang: 'zh' });
    expect(status).toBe(403);
    expect(JSON.parse(text)).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
      message: ERRORS.FORBIDDEN.zh,
    });
    expect(text).not.toContain(code);
  });

  it("refuses another machine with a user's token", async () => {
    const user = await seedUser(t);
    const { status, text } = await fromElsewhere({ authorization: `Bearer ${user.token}` });
    expect(status).toBe(403);
    expect(text).not.toContain(code);
  });

  it('refuses another machine that names this one in X-Forwarded-For (no TRUST_PROXY)', async () => {
    const { status, text } = await fromElsewhere({ 'x-forwarded-for': '127.0.0.1' });
    expect(status).toBe(403);
    expect(text).not.toContain(code);
  });

  it('answers another machine carrying an operator token', async () => {
    const token = await adminToken(t);
    const { status, text } = await fromElsewhere({ authorization: `Bearer ${token}` });
    expect(status).toBe(200);
    expect(JSON.parse(text).message.list[0]).toMatchObject({ to: EMAIL, code });
  });
});
