import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, registerEmail, testApp, type TestApp } from '../test/harness.ts';
import { SESSION_ENDED_CLOSE_CODE } from './hub.ts';
import { listen, TestClient } from './test-client.ts';
import { adminToken, newOperator } from '../modules/wallet/test-kit.ts';

let t: TestApp;
let url: string;
const clients: TestClient[] = [];
const SESSION_ENDED = { code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' };

/** An app whose sockets are checked every `sessionCheckMs` besides on every announced change. */
async function start(sessionCheckMs?: number) {
  // Nobody idles out while the manual clock jumps ahead.
  const socket = { sessionCheckMs, hub: { idleMs: 48 * 3_600_000 } };
  t = await testApp({}, { market: { symbols: ['BTCUSDT'] }, socket });
  url = await listen(t.app);
}
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(() => t.close());

const connect = async () => {
  const client = await TestClient.open(url);
  clients.push(client);
  return client;
};
const auth = (token: string) => ({ authorization: token });

/** How the socket closed, or 'still open' after `ms`. */
const closedWithin = (c: TestClient, ms = 2000) =>
  Promise.race([
    c.closed,
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

/** A user socket following its private `chat` and `orders` channels. */
async function userSocket(token: string, userId: number) {
  const c = await connect();
  expect(await c.ask({ op: 'auth', token })).toEqual({ op: 'authed', user_id: userId });
  expect(await c.ask({ op: 'sub', ch: 'chat' })).toEqual({ op: 'subbed', ch: 'chat' });
  expect(await c.ask({ op: 'sub', ch: 'orders' })).toEqual({ op: 'subbed', ch: 'orders' });
  return c;
}

async function login(account: string, password = 'secret123') {
  const { body } = await call(t.app, 'POST', 'user/login', { account, password });
  return body.message.token as string;
}

async function inboxSocket(token: string) {
  const c = await connect();
  expect(await c.ask({ op: 'auth_admin', token })).toMatchObject({ op: 'authed_admin' });
  expect(await c.ask({ op: 'sub', ch: 'chat.inbox' })).toEqual({ op: 'subbed', ch: 'chat.inbox' });
  return c;
}

const userWrites = (token: string, body: string) =>
  call(t.app, 'POST', 'chat/send', { client_id: randomUUID(), body }, auth(token));
const operatorReplies = (admin: string, userId: number, body: string) =>
  call(
    t.app,
    'POST',
    'admin/chat/reply',
    { user_id: String(userId), client_id: randomUUID(), body },
    auth(admin),
  );

describe('a socket does not outlive its session', () => {
  // The periodic check (60 s) never runs here: each socket ends on the change it is told of.
  beforeAll(() => start());

  it('closes a user socket on logout; the private chat no longer reaches it', async () => {
    const alice = await registerEmail(t.app, 'alice@example.com');
    const admin = await adminToken(t);
    const c = await userSocket(alice.token, alice.user.id);
    expect((await operatorReplies(admin, alice.user.id, 'Hello')).status).toBe(200);
    expect(await c.next()).toMatchObject({ ch: 'chat', seq: 1, data: { type: 'message' } });

    expect((await call(t.app, 'POST', 'user/logout', {}, auth(alice.token))).status).toBe(200);
    expect(await closedWithin(c)).toEqual(SESSION_ENDED);
    await operatorReplies(admin, alice.user.id, 'Are you still there?');
    t.app.hub.publishToUser(alice.user.id, 'orders', { id: 1 });
    expect(c.frames).toEqual([]);

    // Back as a visitor (what the app does): public channels work, private ones are refused.
    const visitor = await connect();
    expect(await visitor.ask({ op: 'auth', token: alice.token })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await visitor.ask({ op: 'sub', ch: 'chat' })).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await visitor.ask({ op: 'sub', ch: 'tickers' })).toEqual({
      op: 'subbed',
      ch: 'tickers',
    });
  });

  it('closes only the socket of a session revoked from another device', async () => {
    const bob = await registerEmail(t.app, 'bob@example.com');
    const laptop = await login('bob@example.com');
    const onPhone = await userSocket(bob.token, bob.user.id);
    const onLaptop = await userSocket(laptop, bob.user.id);

    const { body } = await call(t.app, 'GET', 'user/sessions', {}, auth(laptop));
    const phone = (body.message.list as { id: number; current: boolean }[]).filter(
      (s) => !s.current,
    );
    expect(phone).toHaveLength(1);
    const revoked = await call(
      t.app,
      'POST',
      `user/sessions/${phone[0]!.id}/revoke`,
      {},
      auth(laptop),
    );
    expect(revoked.status).toBe(200);

    expect(await closedWithin(onPhone)).toEqual(SESSION_ENDED);
    t.app.hub.publishToUser(bob.user.id, 'orders', { id: 7 });
    expect(await onLaptop.next()).toEqual({ ch: 'orders', seq: 1, data: { id: 7 } });
    expect(onPhone.frames).toEqual([]);
  });

  it('closes a user socket when an operator ends all its sessions or a reset does', async () => {
    const carol = await registerEmail(t.app, 'carol@example.com');
    const admin = await adminToken(t);
    const first = await userSocket(carol.token, carol.user.id);
    const ended = await call(
      t.app,
      'POST',
      `admin/users/${carol.user.id}/sessions/revoke`,
      {},
      auth(admin),
    );
    expect(ended.body.message).toEqual({ count: 1 });
    expect(await closedWithin(first)).toEqual(SESSION_ENDED);

    const again = await login('carol@example.com');
    const second = await userSocket(again, carol.user.id);
    await call(t.app, 'POST', 'sms_mail', { email: 'carol@example.com', scene: 'forget' });
    const { body } = await call(t.app, 'GET', 'dev/outbox', { to: 'carol@example.com' });
    const reset = await call(t.app, 'POST', 'user/forget', {
      account: 'carol@example.com',
      code: body.message.list[0].code,
      password: 'another123',
      re_password: 'another123',
    });
    expect(reset.status).toBe(200);
    expect(await closedWithin(second)).toEqual(SESSION_ENDED);
  });

  it('stops the inbox of an operator who is disabled or logs out', async () => {
    const admin = await adminToken(t);
    const dave = await registerEmail(t.app, 'dave@example.com');
    const support = await newOperator(t, 'support');
    const inbox = await inboxSocket(support.token);
    const adminInbox = await inboxSocket(admin);
    await userWrites(dave.token, 'My deposit is late');
    expect(await inbox.next()).toMatchObject({ ch: 'chat.inbox', data: { type: 'message' } });
    expect(await adminInbox.next()).toMatchObject({ ch: 'chat.inbox', data: { type: 'message' } });

    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/operators/${support.id}`,
      headers: { ...auth(admin), 'content-type': 'application/json' },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await closedWithin(inbox)).toEqual(SESSION_ENDED);
    await userWrites(dave.token, 'Hello?');
    expect(await adminInbox.next()).toMatchObject({ ch: 'chat.inbox', data: { type: 'message' } });
    expect(inbox.frames).toEqual([]);
    // Signing in again with the dead token is refused.
    const retry = await connect();
    expect(await retry.ask({ op: 'auth_admin', token: support.token })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });

    expect((await call(t.app, 'POST', 'admin/logout', {}, auth(admin))).status).toBe(200);
    expect(await closedWithin(adminInbox)).toEqual(SESSION_ENDED);
  });
});

describe('a session that expires', () => {
  beforeAll(async () => {
    await t.close();
    await start(50);
  });

  it('closes an operator socket when its session expires, without any announcement', async () => {
    const support = await newOperator(t, 'support');
    const inbox = await inboxSocket(support.token);
    expect(await closedWithin(inbox, 300)).toBe('still open');
    t.clock.advance(12 * 3_600_000);
    expect(await closedWithin(inbox)).toEqual(SESSION_ENDED);
  });

  it('closes a user socket when its session has gone SESSION_IDLE_DAYS unused, and refuses its token', async () => {
    const me = await registerEmail(t.app, `idle-${randomUUID().slice(0, 8)}@example.com`);
    const socket = await userSocket(me.token, me.user.id);
    t.clock.advance(t.app.config.sessionIdleDays * 86_400_000 - 60_000);
    expect(await closedWithin(socket, 300)).toBe('still open');
    t.clock.advance(60_001);
    expect(await closedWithin(socket)).toEqual(SESSION_ENDED);
    const later = await connect();
    expect(await later.ask({ op: 'auth', token: me.token })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('operator channels in production', () => {
  it('refuses them to a session begun without the authenticator, as HTTP does', async () => {
    const support = await newOperator(t, 'support');
    await inboxSocket(support.token);
    // As after a restart with MODE=production on the same database.
    t.app.config.mode = 'production';
    try {
      const later = await connect();
      expect(await later.ask({ op: 'auth_admin', token: support.token })).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    } finally {
      t.app.config.mode = 'demo';
    }
  });
});
