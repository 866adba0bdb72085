import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '@hx/db';
import { call } from '../../test/harness.ts';
import { listen, TestClient } from '../../ws/test-client.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { AfterCommit, notify } from './notify.ts';

let t: MoneyApp;
let admin: string;
let url: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  url = await listen(t.app);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

const list = (user: TestUser, fields: Record<string, string> = {}, lang = 'en') =>
  call(t.app, 'GET', 'notifications', fields, auth(user.token, { lang }));
const read = (user: TestUser, fields: Record<string, string> = {}, lang = 'en') =>
  call(t.app, 'POST', 'notifications/read', fields, auth(user.token, { lang }));

/** Stores a KYC decision notification for `user` at the clock's time, a second apart. */
async function told(user: TestUser, level: 'basic' | 'advanced' = 'basic') {
  t.clock.advance(1000);
  const { id } = await notify(t.db, {
    userId: user.id,
    kind: 'kyc_verified',
    facts: { level },
    at: t.clock.now(),
  });
  return id;
}

/** A socket authenticated as `user`, subscribed to its notifications. */
async function listener(user: TestUser) {
  const c = await TestClient.open(url);
  clients.push(c);
  expect(await c.ask({ op: 'auth', token: user.token })).toMatchObject({ op: 'authed' });
  expect(await c.ask({ op: 'sub', ch: 'notifications' })).toEqual({
    op: 'subbed',
    ch: 'notifications',
  });
  return c;
}

/** Nothing arrived before this: the next frame is the answer to a ping. */
const quiet = async (c: TestClient) => expect(await c.ask({ op: 'ping' })).toEqual({ op: 'pong' });

describe('GET notifications', () => {
  it('pages newest first in the asked language, with what the app needs to open the page', async () => {
    const user = await seedUser(t);
    const ids = [await told(user), await told(user), await told(user, 'advanced')];
    const first = await list(user, { page: '1', limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.message).toEqual({
      list: [
        {
          id: ids[2],
          kind: 'kyc_verified',
          title: 'Identity verified',
          body: 'Your advanced verification has been approved.',
          at: t.clock.now().getTime(),
          read: false,
          data: { level: 'advanced' },
        },
        expect.objectContaining({ id: ids[1], data: { level: 'basic' } }),
      ],
      total: 3,
      page: 1,
      unread: 3,
    });
    const second = await list(user, { page: '2', limit: '2' }, 'zh');
    expect(second.body.message).toMatchObject({
      list: [{ id: ids[0], title: '身份认证已通过', body: '您的初级认证已通过审核。' }],
      total: 3,
      page: 2,
      unread: 3,
    });
    const stranger = await seedUser(t);
    expect((await list(stranger)).body.message).toEqual({ list: [], total: 0, page: 1, unread: 0 });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/notifications', '/api/notifications/read']),
    );
  });

  it('needs a login and valid paging', async () => {
    expect((await call(t.app, 'GET', 'notifications')).status).toBe(401);
    const user = await seedUser(t);
    const { status, body } = await list(user, { limit: '0' }, 'esp');
    expect([status, body.code, body.message]).toEqual([
      400,
      'VALIDATION',
      'Valor no válido: limit',
    ]);
  });
});

describe('POST notifications/read', () => {
  it('marks the given ids read, only the user’s own, then all', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const [a, b, c] = [await told(user), await told(user), await told(user)];
    const theirs = await told(other);
    const marked = await read(user, { ids: `${a},${b}, ${theirs}` });
    expect(marked.body).toEqual({ type: 'ok', message: { unread: 1 } });
    const page = (await list(user)).body.message;
    expect(page.list.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([
      [c, false],
      [b, true],
      [a, true],
    ]);
    expect((await list(other)).body.message).toMatchObject({
      unread: 1,
      list: [{ id: theirs, read: false }],
    });
    // Reading again changes nothing; no ids (or an empty field) means all of them.
    expect((await read(user, { ids: `${a}` })).body.message).toEqual({ unread: 1 });
    expect((await read(user, { ids: '' })).body.message).toEqual({ unread: 0 });
    expect((await list(other)).body.message.unread).toBe(1);
    expect((await read(other)).body.message).toEqual({ unread: 0 });
  });

  it('refuses malformed ids with a translated error and marks nothing', async () => {
    const user = await seedUser(t);
    await told(user);
    for (const ids of [
      'abc',
      '3;4',
      '0',
      '-1',
      '1.5',
      '99999999999',
      Array(101).fill('1').join(),
    ]) {
      const { status, body } = await read(user, { ids }, 'zh');
      expect([status, body.code, body.message], ids).toEqual([400, 'VALIDATION', '参数无效：ids']);
    }
    expect((await list(user)).body.message.unread).toBe(1);
    expect((await call(t.app, 'POST', 'notifications/read', { ids: '1' })).status).toBe(401);
  });
});

describe('the notifications channel', () => {
  it('pushes {id, kind, unread} once the outcome committed, and nothing when it rolled back', async () => {
    const user = await seedUser(t);
    await told(user);
    const c = await listener(user);

    const after = new AfterCommit();
    let id = 0;
    await t.db.transaction(async (tx) => {
      await after.notify(tx, {
        userId: user.id,
        kind: 'security_password_changed',
        facts: {},
        at: t.clock.now(),
      });
      id = after.notices[0]!.id;
      await quiet(c); // not while the transaction is open
    });
    await quiet(c); // nor at the commit: only when told after it
    await after.send(t.app);
    expect(await c.next()).toEqual({
      ch: 'notifications',
      seq: 1,
      data: { id, kind: 'security_password_changed', unread: 2 },
    });

    const failed = new AfterCommit();
    await expect(
      t.db.transaction(async (tx) => {
        await failed.notify(tx, {
          userId: user.id,
          kind: 'security_login',
          facts: { ip: '203.0.113.5', device: null },
          at: t.clock.now(),
        });
        throw new Error('the outcome failed');
      }),
    ).rejects.toThrow('the outcome failed');
    const kept = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(kept.map((n) => n.kind).sort()).toEqual(['kyc_verified', 'security_password_changed']);
    await quiet(c);
  });

  it('tells a deposit decision to the user’s sockets only after it is on record', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const c = await listener(user);
    expect(await c.ask({ op: 'sub', ch: 'balances' })).toEqual({ op: 'subbed', ch: 'balances' });
    const elsewhere = await listener(other);
    const depositId = await deposit(t.app, user, admin, '25');
    const frames = [await c.next(), await c.next()];
    expect(frames.find((f) => f.ch === 'balances')).toMatchObject({ data: {} });
    const frame = frames.find((f) => f.ch === 'notifications')!;
    expect(frame).toMatchObject({ seq: 1, data: { kind: 'deposit_credited', unread: 1 } });
    // The pushed id is readable at once, in the reader's language.
    const page = (await list(user, {}, 'kr')).body.message;
    expect(page.unread).toBe(frame.data.unread);
    expect(page.list[0]).toEqual({
      id: frame.data.id,
      kind: 'deposit_credited',
      title: '입금 완료',
      body: '25.0000 USDT(TRC20)이(가) 현물 계정에 입금되었습니다.',
      at: expect.any(Number),
      read: false,
      data: { deposit_id: depositId, currency_id: 3 },
    });
    await quiet(elsewhere);
    await expectBalanced(t.app, admin);
  });
});
