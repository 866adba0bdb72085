import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, porRoots } from '@hx/db';
import { post } from '@hx/ledger';
import { unitsToAmount, verifyProof } from '@hx/por';
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
import { credit, latest, ledgerLiabilities, proof, snapshotNow } from './test-kit.ts';

const BTC = 1;
const USDT = 3;

let t: MoneyApp;
let admin: string;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  alice = await seedUser(t);
  bob = await seedUser(t);
  await credit(t.db, alice.id, USDT, '1500.25');
  await credit(t.db, alice.id, USDT, '250', 'trust');
  await credit(t.db, alice.id, BTC, '0.5');
  await credit(t.db, bob.id, USDT, '99');
  // Platform money is not owed to users: a fee the platform earned stays out of the roots.
  await post(t.db, {
    kind: 'fee',
    lines: [
      { account: { user: bob.id, sub: 'currency', coin: USDT }, amount: '-9' },
      { account: { platform: 'fees', coin: USDT }, amount: '9' },
    ],
  });
  // Frozen money is still owed.
  await post(t.db, {
    kind: 'freeze',
    lines: [
      { account: { user: bob.id, sub: 'currency', coin: USDT }, amount: '-40' },
      { account: { user: bob.id, sub: 'currency', coin: USDT }, bucket: 'frozen', amount: '40' },
    ],
  });
});
afterAll(() => t.close());

describe('proof of liabilities', () => {
  it('publishes nothing before the first snapshot', async () => {
    const { status, body } = await latest(t);
    expect(status).toBe(404);
    expect(body.code).toBe('POR_NO_SNAPSHOT');
  });

  it('lets only operators take a snapshot, and audits it', async () => {
    expect((await snapshotNow(t, alice.token)).status).toBe(401);
    expect((await snapshotNow(t, await adminToken(t, 'support'))).status).toBe(403);
    expect((await latest(t)).status).toBe(404);

    const { status, body } = await snapshotNow(t, admin);
    expect(status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'por.snapshot'), eq(auditLog.targetId, body.message.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.adminId).not.toBeNull();
  });

  it("publishes one root per coin whose sum is what the books owe users, users' money only", async () => {
    const { status, body } = await latest(t);
    expect(status).toBe(200);
    const snap = body.message;
    expect(snap.time).toBe(t.clock.now().getTime());
    expect(snap.reserves).toBeNull();
    const owed = await ledgerLiabilities(t.db);
    expect(snap.roots.map((r: { currency_id: number }) => r.currency_id).sort()).toEqual(
      [...owed.keys()].sort(),
    );
    for (const root of snap.roots) expect(root.sum).toBe(owed.get(root.currency_id));
    const usdt = snap.roots.find((r: { currency_id: number }) => r.currency_id === USDT);
    expect(usdt).toMatchObject({ name: 'USDT', decimals: 4 });
    expect(usdt.hash).toMatch(/^[0-9a-f]{64}$/);
    // alice 1750.25 and bob 90 (50 available, 40 frozen), beside whatever the seed holds.
    expect(BigInt(usdt.sum)).toBeGreaterThanOrEqual(18_402_500n);
    await expectBalanced(t.app, admin);
  });

  it("gives each user a proof that recomputes to the published root, with the user's amount", async () => {
    const snap = (await latest(t)).body.message;
    const published = (coin: number) =>
      snap.roots.find((r: { currency_id: number }) => r.currency_id === coin);
    for (const [user, coin, amount] of [
      [alice, USDT, '1750.25'],
      [alice, BTC, '0.5'],
      [bob, USDT, '90'],
    ] as const) {
      const { status, body } = await proof(t, user.token, snap.id, coin);
      expect(status).toBe(200);
      const p = body.message;
      expect(p).toMatchObject({ id: snap.id, currency_id: coin, user_id: user.id });
      expect(unitsToAmount(p.sum, published(coin).decimals)).toBe(amount);
      expect(p.root).toEqual({ hash: published(coin).hash, sum: published(coin).sum });
      const v = verifyProof(p);
      expect(v.ok).toBe(true);
      expect(v.computed).toEqual(p.root);
    }
  });

  it('refuses a proof for a coin the user did not hold, an unknown snapshot, or a visitor', async () => {
    const id = (await latest(t)).body.message.id;
    const none = await proof(t, bob.token, id, BTC);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('POR_NOT_INCLUDED');
    const unknown = await proof(t, bob.token, id + 100, USDT);
    expect(unknown.body.code).toBe('POR_SNAPSHOT_NOT_FOUND');
    const bad = await call(
      t.app,
      'GET',
      'por/proof',
      { id: 'x', currency_id: '3' },
      auth(bob.token),
    );
    expect(bad.status).toBe(400);
    expect(
      (await call(t.app, 'GET', 'por/proof', { id: String(id), currency_id: '3' })).status,
    ).toBe(401);
  });

  it('keeps past roots and proofs unchanged when a new snapshot is taken', async () => {
    const first = (await latest(t)).body.message;
    const before = await proof(t, alice.token, first.id, USDT);
    await credit(t.db, alice.id, USDT, '10');
    t.clock.advance(60_000);
    const second = (await snapshotNow(t, admin)).body.message.id;
    expect(second).toBeGreaterThan(first.id);
    const now = (await latest(t)).body.message;
    expect(now.id).toBe(second);
    expect(now.time).toBe(first.time + 60_000);

    const old = await t.db.select().from(porRoots).where(eq(porRoots.snapshotId, first.id));
    expect(old.map((r) => r.hash).sort()).toEqual(
      first.roots.map((r: { hash: string }) => r.hash).sort(),
    );
    const again = await proof(t, alice.token, first.id, USDT);
    expect(again.body.message).toEqual(before.body.message);
    const fresh = (await proof(t, alice.token, second, USDT)).body.message;
    expect(unitsToAmount(fresh.sum, 4)).toBe('1760.25');
    // A fresh nonce each snapshot: the two leaves cannot be linked to each other.
    expect(fresh.nonce).not.toBe(before.body.message.nonce);
    await expectBalanced(t.app, admin);
  });

  it('rounds a balance finer than the coin up to its smallest unit, never down', async () => {
    const carol = await seedUser(t);
    await credit(t.db, carol.id, USDT, '0.00001');
    const id = (await snapshotNow(t, admin)).body.message.id;
    const p = (await proof(t, carol.token, id, USDT)).body.message;
    expect(p.sum).toBe('1');
    expect(verifyProof(p).ok).toBe(true);
    await expectBalanced(t.app, admin);
  });
});
