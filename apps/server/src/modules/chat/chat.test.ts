import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { listen, TestClient } from '../../ws/test-client.ts';
import {
  adminToken,
  auth,
  moneyApp,
  PNG,
  seedUser,
  upload,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { USER_MESSAGES_PER_MINUTE } from './service.ts';

let t: MoneyApp;
let url: string;
let alice: TestUser;
let support: string;
const clients: TestClient[] = [];

const connect = async () => {
  const client = await TestClient.open(url);
  clients.push(client);
  return client;
};
/** A user's socket, authenticated and following `chat`. */
const userSocket = async (user: TestUser) => {
  const c = await connect();
  expect(await c.ask({ op: 'auth', token: user.token })).toEqual({
    op: 'authed',
    user_id: user.id,
  });
  expect(await c.ask({ op: 'sub', ch: 'chat' })).toEqual({ op: 'subbed', ch: 'chat' });
  return c;
};
/** An operator's socket on the inbox. */
const inboxSocket = async (token: string) => {
  const c = await connect();
  expect(await c.ask({ op: 'auth_admin', token })).toMatchObject({ op: 'authed_admin' });
  expect(await c.ask({ op: 'sub', ch: 'chat.inbox' })).toEqual({ op: 'subbed', ch: 'chat.inbox' });
  return c;
};

const send = (user: TestUser, fields: Record<string, string>) =>
  call(t.app, 'POST', 'chat/send', { client_id: randomUUID(), ...fields }, auth(user.token));
const reply = (userId: number, fields: Record<string, string>) =>
  call(
    t.app,
    'POST',
    'admin/chat/reply',
    { user_id: String(userId), client_id: randomUUID(), ...fields },
    auth(support),
  );
const historyOf = async (user: TestUser, query: Record<string, string> = {}) =>
  (await call(t.app, 'GET', 'chat/history', query, auth(user.token))).body.message;

// One app for the file (starting one is the slow part); every test has its own fresh user.
beforeAll(async () => {
  t = await moneyApp();
  url = await listen(t.app);
  support = await adminToken(t, 'support');
});
beforeEach(async () => {
  alice = await seedUser(t);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(() => t.close());

describe('live chat between a user socket and an operator socket', () => {
  it('delivers a message to the inbox and the reply to the user, with delivery and read states', async () => {
    const user = await userSocket(alice);
    const inbox = await inboxSocket(support);

    const sent = await send(alice, { body: 'Hello, my deposit is late' });
    expect(sent.status).toBe(200);
    const mine = sent.body.message;
    // The operator was listening: delivered at once.
    expect(mine).toMatchObject({ sender: 'user', kind: 'text', body: 'Hello, my deposit is late' });
    expect(mine.delivered_at).toBe(t.clock.now().getTime());
    expect(mine.read_at).toBeNull();
    expect(await inbox.next()).toMatchObject({
      ch: 'chat.inbox',
      data: { type: 'message', user_id: alice.id, message: { id: mine.id } },
    });
    // The user's own devices see it too (another tab shows it).
    expect(await user.next()).toMatchObject({
      ch: 'chat',
      seq: 1,
      data: { type: 'message', message: { id: mine.id } },
    });

    const list = await call(t.app, 'GET', 'admin/chat/conversations', {}, auth(support));
    expect(list.body.message.list[0]).toMatchObject({
      user_id: alice.id,
      account: alice.email,
      unread: 1,
      last: { id: mine.id },
    });

    // The operator reads it: the user hears the receipt.
    const read = await call(
      t.app,
      'POST',
      'admin/chat/read',
      { user_id: String(alice.id), up_to_id: String(mine.id) },
      auth(support),
    );
    expect(read.body.message).toEqual({ count: 1 });
    expect(await user.next()).toMatchObject({
      ch: 'chat',
      seq: 2,
      data: { type: 'receipt', sender: 'user', state: 'read', up_to_id: mine.id },
    });
    await inbox.next(); // the inbox sees the receipt too

    // The operator replies: it reaches the user live.
    const answer = (await reply(alice.id, { body: 'Checking it now' })).body.message;
    expect(answer).toMatchObject({ sender: 'operator', body: 'Checking it now' });
    expect(answer.delivered_at).not.toBeNull();
    expect(await user.next()).toMatchObject({
      ch: 'chat',
      seq: 3,
      data: { type: 'message', message: { id: answer.id, sender: 'operator' } },
    });
    await inbox.next();
    expect((await call(t.app, 'GET', 'chat/unread', {}, auth(alice.token))).body.message).toEqual({
      count: 1,
    });

    // The user reads it: the badge clears and the operator sees "read".
    await call(t.app, 'POST', 'chat/read', { up_to_id: String(answer.id) }, auth(alice.token));
    expect(await inbox.next()).toMatchObject({
      data: { type: 'receipt', user_id: alice.id, sender: 'operator', state: 'read' },
    });
    expect((await call(t.app, 'GET', 'chat/unread', {}, auth(alice.token))).body.message).toEqual({
      count: 0,
    });
    expect((await historyOf(alice)).list.map((m: { body: string }) => m.body)).toEqual([
      'Hello, my deposit is late',
      'Checking it now',
    ]);
  });

  it('loses and duplicates nothing across a reconnect and a resend', async () => {
    const inbox = await inboxSocket(support);
    let user = await userSocket(alice);
    const clientId = randomUUID();
    const first = (await send(alice, { body: 'first', client_id: clientId })).body.message;
    await user.next();
    await inbox.next();

    // The user's connection drops; the operator answers twice meanwhile.
    user.close();
    await user.closed;
    await new Promise((r) => setTimeout(r, 20));
    const r1 = (await reply(alice.id, { body: 'answer one' })).body.message;
    const r2 = (await reply(alice.id, { body: 'answer two' })).body.message;
    expect(r1.delivered_at).toBeNull(); // nobody of Alice's was listening
    await inbox.next();
    await inbox.next();

    // The app resends its message (the first answer was lost): the same message, no copy,
    // and nothing is pushed again.
    const again = await send(alice, { body: 'first', client_id: clientId });
    expect(again.body.message).toEqual(first);

    // Back online: it follows the channel again and catches up from the last id it has.
    user = await userSocket(alice);
    const caught = await historyOf(alice, { after_id: String(first.id) });
    expect(caught.list.map((m: { id: number }) => m.id)).toEqual([r1.id, r2.id]);
    expect(caught.more).toBe(false);
    expect(caught.list.every((m: { delivered_at: number | null }) => m.delivered_at !== null)).toBe(
      true,
    );
    // The operator sees both replies delivered.
    expect(await inbox.next()).toMatchObject({
      data: { type: 'receipt', sender: 'operator', state: 'delivered', up_to_id: r2.id },
    });
    // The user's socket got the same receipt: the seq of its channel jumped (it missed the
    // replies while away), which is what tells a client to refetch.
    const receipt = await user.next();
    expect(receipt.data).toMatchObject({ type: 'receipt', state: 'delivered' });

    // A new reply reaches the new connection live.
    const r3 = (await reply(alice.id, { body: 'answer three' })).body.message;
    expect(await user.next()).toMatchObject({ data: { message: { id: r3.id } } });

    const all = (await historyOf(alice)).list.map((m: { body: string }) => m.body);
    expect(all).toEqual(['first', 'answer one', 'answer two', 'answer three']);
  });

  it('keeps each user to their own conversation', async () => {
    const bob = await seedUser(t);
    const bobSocket = await userSocket(bob);
    await send(alice, { body: 'for support only' });
    await reply(alice.id, { body: 'for alice only' });
    expect(await bobSocket.ask({ op: 'ping' })).toEqual({ op: 'pong' }); // nothing came
    expect((await historyOf(bob)).list).toEqual([]);
  });
});

describe('operator socket auth', () => {
  it('lets operators of support roles follow the inbox, nobody else', async () => {
    const c = await connect();
    expect(await c.ask({ op: 'sub', ch: 'chat.inbox' })).toMatchObject({
      op: 'error',
      code: 'UNAUTHENTICATED',
      ch: 'chat.inbox',
    });
    // A user's token is not an operator's, and user auth does not open the inbox.
    expect(await c.ask({ op: 'auth_admin', token: alice.token })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await c.ask({ op: 'auth', token: alice.token })).toMatchObject({ op: 'authed' });
    expect(await c.ask({ op: 'sub', ch: 'chat.inbox' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    // An operator token is not a user's either.
    const other = await connect();
    expect(await other.ask({ op: 'auth', token: support })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });

    const reviewer = await connect();
    expect(
      await reviewer.ask({ op: 'auth_admin', token: await adminToken(t, 'reviewer') }),
    ).toEqual({ op: 'authed_admin', role: 'reviewer' });
    expect(await reviewer.ask({ op: 'sub', ch: 'chat.inbox' })).toMatchObject({
      code: 'FORBIDDEN',
    });
    const admin = await inboxSocket(await adminToken(t, 'admin'));
    await send(alice, { body: 'hi' });
    expect(await admin.next()).toMatchObject({ ch: 'chat.inbox', data: { type: 'message' } });

    // A logged-out operator token no longer authenticates.
    const gone = await adminToken(t, 'support');
    await call(t.app, 'POST', 'admin/logout', {}, auth(gone));
    const late = await connect();
    expect(await late.ask({ op: 'auth_admin', token: gone })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('chat over HTTP', () => {
  it('checks what is sent', async () => {
    expect((await send(alice, {})).body.code).toBe('CHAT_MESSAGE_REQUIRED');
    expect((await send(alice, { body: '   ' })).body.code).toBe('CHAT_MESSAGE_REQUIRED');
    expect((await send(alice, { body: 'x', client_id: 'short' })).body.code).toBe('VALIDATION');
    expect((await send(alice, { body: 'x'.repeat(2001) })).status).toBe(400);
    const bob = await seedUser(t);
    const bobsImage = await upload(t.app, bob.token);
    expect((await send(alice, { image: bobsImage })).body.code).toBe('UPLOAD_INVALID');
    const zh = await call(
      t.app,
      'POST',
      'chat/send',
      { client_id: randomUUID() },
      {
        ...auth(alice.token),
        lang: 'zh',
      },
    );
    expect(zh.body.message).toBe('请输入消息或选择图片');
    // Visitors and operators cannot use the user side; users cannot use the inbox.
    expect((await call(t.app, 'GET', 'chat/history')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', 'admin/chat/conversations', {}, auth(alice.token))).status,
    ).toBe(401);
    const reviewer = await adminToken(t, 'reviewer');
    expect((await call(t.app, 'GET', 'admin/chat/conversations', {}, auth(reviewer))).status).toBe(
      403,
    );
    expect((await reply(999_999, { body: 'x' })).body.code).toBe('NOT_FOUND');
  });

  it('sends images both ways, readable by the user and the support operator', async () => {
    const image = await upload(t.app, alice.token);
    const sent = (await send(alice, { image })).body.message;
    expect(sent).toMatchObject({ kind: 'image', body: image });
    const id = image.split('/').pop()!;
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/admin/chat/image/${id}`,
      headers: auth(support),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PNG)).toBe(true);

    // The operator uploads into the conversation; the user can read what comes back.
    const boundary = '----hxchat';
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chat/upload?user_id=${alice.id}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth(support) },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const theirs = up.json().message.url as string;
    const answer = (await reply(alice.id, { image: theirs })).body.message;
    expect(answer).toMatchObject({ kind: 'image', sender: 'operator', body: theirs });
    const read = await t.app.inject({ method: 'GET', url: theirs, headers: auth(alice.token) });
    expect(read.statusCode).toBe(200);
  });

  it('pages the history both ways and lists conversations newest first', async () => {
    const bob = await seedUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await send(alice, { body: `m${i}` })).body.message.id);
      t.clock.advance(1000);
    }
    await send(bob, { body: 'bob here' });
    const latest = await historyOf(alice, { limit: '2' });
    expect(latest.list.map((m: { body: string }) => m.body)).toEqual(['m3', 'm4']);
    expect(latest.more).toBe(true);
    const older = await historyOf(alice, { limit: '10', before_id: String(ids[3]) });
    expect(older.list.map((m: { body: string }) => m.body)).toEqual(['m0', 'm1', 'm2']);
    expect(older.more).toBe(false);
    const newer = await historyOf(alice, { limit: '2', after_id: String(ids[1]) });
    expect(newer.list.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3']);
    expect(newer.more).toBe(true);

    const list = (await call(t.app, 'GET', 'admin/chat/conversations', {}, auth(support))).body
      .message;
    const top = list.list.slice(0, 2);
    expect(top.map((c: { user_id: number; unread: number }) => [c.user_id, c.unread])).toEqual([
      [bob.id, 1],
      [alice.id, 5],
    ]);
    const messages = await call(
      t.app,
      'GET',
      'admin/chat/messages',
      { user_id: String(alice.id), limit: '3' },
      auth(support),
    );
    expect(messages.body.message.list.map((m: { body: string }) => m.body)).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
  });

  it('limits how fast a user sends', async () => {
    for (let i = 0; i < USER_MESSAGES_PER_MINUTE; i++) {
      expect((await send(alice, { body: `n${i}` })).status).toBe(200);
    }
    expect((await send(alice, { body: 'one more' })).body.code).toBe('RATE_LIMITED');
    t.clock.advance(61_000);
    expect((await send(alice, { body: 'later' })).status).toBe(200);
  });
});
