import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call } from './harness.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../modules/wallet/test-kit.ts';
import { fund, order, USDT } from '../modules/spot/test-kit.ts';

// Several processes take ids a block at a time (docs/architecture.md, "Several processes"), so
// a row written later may carry a lower id than one written earlier elsewhere. Each list below
// gets two rows, then the later one (the higher id) is dated a second before the other, as
// another process's id block would leave it: the list still puts the newer row first.
let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t, 'admin');
});
afterAll(() => t.close());

/** Dates row `later` of `table` a second before row `earlier` (`created_at` as stored). */
async function predate(table: string, later: number, earlier: number, epochMs = false) {
  const second = epochMs ? sql`1000` : sql`interval '1 second'`;
  await t.db.execute(
    sql`update ${sql.identifier(table)} set created_at =
      (select created_at from ${sql.identifier(table)} where id = ${earlier}) - ${second}
      where id = ${later}`,
  );
}

const ids = (body: { message: { list: { id: number }[] } }) => body.message.list.map((r) => r.id);

describe('newest first across id blocks', () => {
  it('orders spot orders, transfers, asset records, postings and notifications by time, then id', async () => {
    const user = await seedUser(t);
    await fund(t, user.id, USDT, '100');
    const placed = [];
    for (const price of ['1000', '1001']) {
      const { body } = await order(t.app, user.token, { side: 'buy', price, amount: '0.001' });
      placed.push(body.message.id as number);
    }
    const [first, second] = placed as [number, number];
    expect(second).toBeGreaterThan(first);
    await predate('spot_orders', second, first, true);
    const orders = await call(t.app, 'GET', 'coin/list', { status: 'waiting' }, auth(user.token));
    expect(ids(orders.body)).toEqual([first, second]);

    for (const number of ['1', '2']) {
      const moved = await call(
        t.app,
        'POST',
        'wallet/change',
        { from: 'currency', to: 'options', currency_id: '3', number },
        auth(user.token),
      );
      expect(moved.status).toBe(200);
    }
    const history = async () =>
      (await call(t.app, 'GET', 'wallet/hzhistory', {}, auth(user.token))).body;
    const [t2, t1] = ids(await history()) as [number, number];
    await predate('transfers', t2, t1);
    expect(ids(await history())).toEqual([t1, t2]);

    // The asset records (one per action) and the postings under them.
    const records = await call(t.app, 'GET', 'wallet/records', {}, auth(user.token));
    const transfersListed = (records.body.message.list as { kind: string; id: number }[])
      .filter((r) => r.kind === 'transfer')
      .map((r) => r.id);
    expect(transfersListed).toEqual([t1, t2]);
    const postings = async () =>
      (await call(t.app, 'POST', 'wallet/legal_log', { type: 'transfer' }, auth(user.token))).body
        .message.list as { id: number }[];
    const lines = (await postings()).map((l) => l.id);
    expect(lines).toHaveLength(4);
    const [newest, older] = [lines.slice(0, 2), lines.slice(2, 4)];
    for (const id of newest) await predate('postings', id, Math.min(...older));
    expect((await postings()).map((l) => l.id)).toEqual([...older, ...newest]);

    for (const amount of ['10', '20']) await deposit(t.app, user, admin, amount);
    const told = async () =>
      (await call(t.app, 'GET', 'notifications', {}, auth(user.token))).body.message.list as {
        id: number;
        kind: string;
      }[];
    const [n2, n1] = (await told()).filter((n) => n.kind.startsWith('deposit')).map((n) => n.id);
    await predate('notifications', n2!, n1!);
    const after = (await told()).filter((n) => n.kind.startsWith('deposit')).map((n) => n.id);
    expect(after.slice(0, 2)).toEqual([n1, n2]);
    await expectBalanced(t.app, admin);
  });
});
