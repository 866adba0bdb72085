import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../mail/senders.ts';
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

describe('how long a session lasts', () => {
  const DAY = 86_400_000;
  const center = (token: string) => call(t.app, 'GET', 'user/center', {}, auth(token));
  const listed = async (token: string) =>
    (await call(t.app, 'GET', 'user/sessions', {}, auth(token))).body.message.list as {
      id: number;
      agent: string;
      created_at: number;
      last_seen_at: number;
      ends_at: number;
    }[];

  it('ends one unused for 30 days, refused as an ended one is, while a used one goes on', async () => {
    const email = 'dev-idle@example.com';
    await registerEmail(t.app, email);
    const phone = (await login(email, 'secret123', PHONE)).body.message.token as string;
    const laptop = (await login(email, 'secret123', LAPTOP)).body.message.token as string;
    const laptopRow = (await listed(phone)).find((s) => s.agent === LAPTOP)!;
    expect(laptopRow.ends_at).toBe(laptopRow.last_seen_at + 30 * DAY);

    t.clock.advance(30 * DAY - 60_000);
    expect((await center(phone)).status).toBe(200);
    expect((await center(laptop)).status).toBe(200); // used: 30 more days from now
    const used = (await listed(phone)).find((s) => s.agent === LAPTOP)!;
    expect(used.ends_at).toBe(t.clock.now().getTime() + 30 * DAY);

    t.clock.advance(30 * DAY - 60_000);
    expect((await center(phone)).status).toBe(200);
    t.clock.advance(60_001);
    const expired = await center(laptop);
    // Refused as a token whose session was ended (logged out) is: the app tells them apart by nothing.
    const tablet = (await login(email, 'secret123', PHONE)).body.message.token as string;
    await call(t.app, 'POST', 'user/logout', {}, auth(tablet));
    const ended = await center(tablet);
    expect(ended.body).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    expect(expired).toMatchObject({ status: 401, body: ended.body });
    const again = await call(
      t.app,
      'POST',
      `user/sessions/${laptopRow.id}/revoke`,
      {},
      auth(phone),
    );
    expect(again.body.code).toBe('SESSION_NOT_FOUND');
    // Gone from the list.
    expect((await listed(phone)).map((s) => s.agent)).not.toContain(LAPTOP);
    expect((await center(phone)).status).toBe(200);
  });

  it('ends one 90 days after its login however often it is used', async () => {
    const email = 'dev-max@example.com';
    await registerEmail(t.app, email);
    const phone = (await login(email, 'secret123', PHONE)).body.message.token as string;
    const started = t.clock.now().getTime();
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * DAY);
      expect((await center(phone)).status, `day ${day}`).toBe(200);
    }
    // Day 80, just used: the idle bound is 30 days away, the whole life ends sooner.
    const [row] = (await listed(phone)).filter((s) => s.agent === PHONE);
    expect(row!.ends_at).toBe(started + 90 * DAY);
    t.clock.advance(10 * DAY - 1000);
    expect((await center(phone)).status).toBe(200);
    t.clock.advance(1001);
    expect((await center(phone)).body.code).toBe('UNAUTHENTICATED');
  });

  it('follows SESSION_IDLE_DAYS and SESSION_MAX_DAYS', async () => {
    const short = await testApp({ sessionIdleDays: 1, sessionMaxDays: 2 });
    try {
      const me = await registerEmail(short.app, 'dev-short@example.com');
      const ask = () => call(short.app, 'GET', 'user/center', {}, auth(me.token));
      const [row] = (await call(short.app, 'GET', 'user/sessions', {}, auth(me.token))).body.message
        .list;
      expect(row.ends_at).toBe(row.last_seen_at + DAY);
      short.clock.advance(DAY - 60_000);
      expect((await ask()).status).toBe(200);
      short.clock.advance(DAY - 60_000);
      expect((await ask()).status).toBe(200);
      short.clock.advance(120_000);
      expect((await ask()).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('log out all other devices', () => {
  it('ends every session but this one, and only this user’s', async () => {
    const email = 'dev-others@example.com';
    const first = await registerEmail(t.app, email);
    const phone = (await login(email, 'secret123', PHONE)).body.message.token as string;
    const laptop = (await login(email, 'secret123', LAPTOP)).body.message.token as string;
    const bystander = await registerEmail(t.app, 'dev-others-bystander@example.com');
    mails.length = 0;

    const ended = await call(t.app, 'POST', 'user/sessions/revoke_others', {}, auth(phone));
    expect(ended.body).toEqual({ type: 'ok', message: { count: 2 } });
    for (const token of [first.token, laptop])
      expect((await call(t.app, 'GET', 'user/center', {}, auth(token))).status).toBe(401);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(phone))).status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(bystander.token))).status).toBe(200);
    const list = (await call(t.app, 'GET', 'user/sessions', {}, auth(phone))).body.message.list;
    expect(list).toEqual([expect.objectContaining({ current: true, agent: PHONE })]);
    expect(await told(phone, 'security_other_devices_logged_out')).toHaveLength(1);
    expect(mails).toEqual([
      expect.objectContaining({ destination: email, title: 'Other devices logged out' }),
    ]);
  });
  it('ends expired sessions too, so longer session settings later cannot bring them back, and counts only the live', async () => {
    const email = 'dev-others-expired@example.com';
    await registerEmail(t.app, email);
    const laptop = (await login(email, 'secret123', LAPTOP)).body.message.token as string;
    t.clock.advance(31 * 86_400_000);
    const phone = (await login(email, 'secret123', PHONE)).body.message.token as string;
    const before = await told(phone, 'security_other_devices_logged_out');

    const ended = await call(t.app, 'POST', 'user/sessions/revoke_others', {}, auth(phone));
    expect(ended.body).toEqual({ type: 'ok', message: { count: 0 } });
    expect(await told(phone, 'security_other_devices_logged_out')).toEqual(before);
    // An operator now allows a year unused: the laptop stays logged out.
    t.config.sessionIdleDays = 365;
    t.config.sessionMaxDays = 365;
    try {
      expect((await call(t.app, 'GET', 'user/center', {}, auth(laptop))).status).toBe(401);
    } finally {
      t.config.sessionIdleDays = 30;
      t.config.sessionMaxDays = 90;
    }
  });
});
