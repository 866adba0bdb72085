import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte } from 'drizzle-orm';
import { porSnapshots } from '@hx/db';
import { post } from '@hx/ledger';
import { verifyProof } from '@hx/por';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { PorJob } from './job.ts';
import { utcDay } from './snapshot.ts';
import { credit, latest, ledgerLiabilities, proof, snapshotNow } from './test-kit.ts';

const USDT = 3;
const DAY = 86_400_000;

let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const usdtRoot = async (id: number) => {
  const snap = (await latest(t)).body.message;
  expect(snap.id).toBe(id);
  return snap.roots.find((r: { currency_id: number }) => r.currency_id === USDT);
};

const proofSum = async (user: TestUser, id: number) => {
  const { body } = await proof(t, user.token, id, USDT);
  expect(verifyProof(body.message).ok).toBe(true);
  return BigInt(body.message.sum);
};

describe('a snapshot while money moves', () => {
  it('sums exactly what the books owe at one moment, never a mix of before and after', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    await credit(t.db, a.id, USDT, '500');
    await credit(t.db, b.id, USDT, '500');
    await credit(t.db, c.id, USDT, '300');
    await credit(t.db, c.id, USDT, '300', 'trust');
    const owed = (await ledgerLiabilities(t.db)).get(USDT)!;

    // Users pay each other and move money between their own accounts while snapshots are taken:
    // the total owed never changes, nor does c's, nor a's and b's together.
    const pay = (from: TestUser, to: TestUser) =>
      post(t.db, {
        kind: 'transfer',
        lines: [
          { account: { user: from.id, sub: 'currency', coin: USDT }, amount: '-7' },
          { account: { user: to.id, sub: 'trust', coin: USDT }, amount: '7' },
        ],
      });
    const move = (from: string, to: string) =>
      call(
        t.app,
        'POST',
        'wallet/change',
        { from, to, currency_id: String(USDT), number: '25' },
        auth(c.token),
      );
    const work: Promise<unknown>[] = [];
    const snapshots: Promise<{ body: { message: { id: number } } }>[] = [];
    for (let i = 0; i < 30; i += 1) {
      work.push(i % 2 ? pay(a, b) : pay(b, a));
      work.push(i % 2 ? move('currency', 'trust') : move('trust', 'currency'));
      if (i % 6 === 3) snapshots.push(snapshotNow(t, admin));
    }
    await Promise.all(work);
    const ids = (await Promise.all(snapshots)).map((s) => s.body.message.id);
    expect(ids).toHaveLength(5);

    const last = Math.max(...ids);
    expect((await usdtRoot(last)).sum).toBe(owed);
    for (const id of ids) {
      expect((await proof(t, c.token, id, USDT)).body.message.root.sum).toBe(owed);
      expect(await proofSum(c, id)).toBe(6_000_000n);
      expect((await proofSum(a, id)) + (await proofSum(b, id))).toBe(10_000_000n);
    }
    expect((await ledgerLiabilities(t.db)).get(USDT)).toBe(owed);
    await expectBalanced(t.app, admin);
  });
});

describe('the daily snapshot', () => {
  it('is taken once a day at 00:00 UTC, even by several processes at once', async () => {
    const today = utcDay(t.clock.now()).getTime();
    const at = (ms: number) => new Date(ms);
    const dailies = async (from: number) =>
      (
        await t.db
          .select({ n: count() })
          .from(porSnapshots)
          .where(and(eq(porSnapshots.trigger, 'daily'), gte(porSnapshots.takenAt, at(from))))
      )[0]!.n;

    const first = await t.app.por.runOnce(at(today + DAY + 5_000));
    expect(first).not.toBeNull();
    expect(await t.app.por.runOnce(at(today + 2 * DAY - 1))).toBeNull();
    expect((await latest(t)).body.message).toMatchObject({ id: first, time: today + DAY + 5_000 });

    // Three processes wake at the next midnight: one takes the snapshot.
    const processes = [t.app.por, ...[1, 2].map(() => new PorJob(t.db, t.clock, t.app.log))];
    const results = await Promise.all(processes.map((p) => p.runOnce(at(today + 2 * DAY))));
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await dailies(today + 2 * DAY)).toBe(1);
    expect(await dailies(today + DAY)).toBe(2);
    await expectBalanced(t.app, admin);
  });
});
