import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../auth/senders.ts';
import { call, registerEmail, testApp, type TestApp } from '../../test/harness.ts';
import { SEEN_EVERY_MS } from '../../plugins/last-seen.ts';

let t: TestApp;
const mails: Notice[] = [];
beforeAll(async () => {
  t = await testApp();
  // As if SMTP were configured: notices reach this list.
  t.app.sender.notice = async (notice) => {
    mails.push(notice);
  };
});
afterAll(() => t.close());

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Firefox/125.0';
const auth = (token: string, agent = PHONE) => ({ authorization: token, 'user-agent': agent });

async function login(account: string, password: string, agent: string) {
  return call(t.app, 'POST', 'user/login', { account, password }, { 'user-agent': agent });
}

async function told(token: string, kind: string) {
  const { body } = await call(t.app, 'GET', 'notifications', { limit: '100' }, auth(token));
  return body.message.list.filter((n: { kind: string }) => n.kind === kind);
}

describe('devices', () => {
  it('lists live sessions with this one marked, and a revoked token stops working at once', async () => {
    const email = 'dev-sessions@example.com';
    await registerEmail(t.app, email);
    const phone = (await login(email, 'secret123', PHONE)).body.message.token as string;
    t.clock.advance(1000);
    const laptop = (await login(email, 'secret123', LAPTOP)).body.message.token as string;

    const { body } = await call(t.app, 'GET', 'user/sessions', {}, auth(phone));
    const list = body.message.list as { id: number; current: boolean; agent: string }[];
    expect(list).toHaveLength(3); // registering, the phone, the laptop
    expect(list.filter((s) => s.current)).toEqual([
      expect.objectContaining({ agent: PHONE, ip: '127.0.0.1' }),
    ]);
    const other = list.find((s) => s.agent === LAPTOP)!;
    expect(other).toMatchObject({ current: false, created_at: t.clock.now().getTime() });

    expect((await call(t.app, 'GET', 'user/center', {}, auth(laptop))).status).toBe(200);
    const revoked = await call(t.app, 'POST', `user/sessions/${other.id}/revoke`, {}, auth(phone));
    expect(revoked).toMatchObject({ status: 200, body: { type: 'ok', message: {} } });
    expect((await call(t.app, 'GET', 'user/center', {}, auth(laptop, LAPTOP))).status).toBe(401);
    const after = await call(t.app, 'GET', 'user/sessions', {}, auth(phone));
    expect(after.body.message.list.map((s: { id: number }) => s.id)).not.toContain(other.id);

    const again = await call(t.app, 'POST', `user/sessions/${other.id}/revoke`, {}, auth(phone));
    expect(again).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });
  });

  it("cannot end another user's session", async () => {
    const mallory = await registerEmail(t.app, 'dev-mallory@example.com');
    const victim = await registerEmail(t.app, 'dev-victim@example.com');
    const { body } = await call(t.app, 'GET', 'user/sessions', {}, auth(victim.token));
    const id = body.message.list[0].id as number;
    const refused = await call(
      t.app,
      'POST',
      `user/sessions/${id}/revoke`,
      {},
      auth(mallory.token),
    );
    expect(refused).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });
    expect((await call(t.app, 'GET', 'user/center', {}, auth(victim.token))).status).toBe(200);
  });

  it('moves last_seen_at when the session is used, at most once a minute', async () => {
    const me = await registerEmail(t.app, 'dev-seen@example.com');
    const seen = async () =>
      (await call(t.app, 'GET', 'user/sessions', {}, auth(me.token))).body.message.list[0]
        .last_seen_at as number;
    const started = await seen();
    t.clock.advance(SEEN_EVERY_MS / 2);
    expect(await seen()).toBe(started);
    t.clock.advance(SEEN_EVERY_MS);
    const later = await seen();
    expect(later).toBe(t.clock.now().getTime());
    t.clock.advance(10_000);
    expect(await seen()).toBe(later);
  });

  it('records every login attempt: result, method, address and agent, newest first, paged', async () => {
    const email = 'dev-history@example.com';
    const me = await registerEmail(t.app, email);
    expect((await login(email, 'wrong-one', PHONE)).body.code).toBe('LOGIN_FAILED');
    t.clock.advance(1000);
    for (let i = 0; i < 4; i++) await login(email, 'wrong-one', PHONE);
    expect((await login(email, 'secret123', PHONE)).body.code).toBe('LOGIN_LOCKED');

    const { body } = await call(t.app, 'GET', 'user/login_history', {}, auth(me.token));
    expect(body.message.total).toBe(7);
    expect(body.message.page).toBe(1);
    const list = body.message.list as { result: string; method: string }[];
    expect(list.map((h) => h.result)).toEqual([
      'locked',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'ok', // registering
    ]);
    expect(list.every((h) => h.method === 'password')).toBe(true);
    expect(list[0]).toMatchObject({ ip: '127.0.0.1', agent: PHONE, at: t.clock.now().getTime() });

    const page = await call(
      t.app,
      'GET',
      'user/login_history',
      { page: '4', limit: '2' },
      auth(me.token),
    );
    expect(page.body.message).toMatchObject({ total: 7, page: 4, list: [{ result: 'ok' }] });
  });

  it('tells a login from a new device in the app and by mail, and a known one only in the app', async () => {
    const email = 'dev-notice@example.com';
    await registerEmail(t.app, email);
    await call(
      t.app,
      'POST',
      'set/lang',
      { lang: 'esp' },
      auth((await login(email, 'secret123', LAPTOP)).body.message.token),
    );
    mails.length = 0;

    const first = (await login(email, 'secret123', PHONE)).body.message.token as string;
    expect(await told(first, 'security_new_device')).toHaveLength(2); // the laptop, then the phone
    expect(mails).toEqual([
      {
        destination: email,
        lang: 'esp',
        title: 'Inicio de sesión desde un dispositivo nuevo',
        body: expect.stringContaining('Chrome · Android (IP 127.0.0.1)'),
      },
    ]);

    await login(email, 'secret123', PHONE);
    expect(await told(first, 'security_new_device')).toHaveLength(2);
    expect(await told(first, 'security_login')).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });
});
