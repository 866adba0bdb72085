import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { DEMO_ADMIN } from '../../seed.ts';
import { DAY_MS } from './service.ts';
import { subscriptionKit } from './subscription-kit.ts';

let t: MoneyApp;
const { prices, admin, project, subscribe, records, funded, runJob } = subscriptionKit(() => t);

beforeAll(async () => {
  t = await moneyApp();
  t.app.prices = prices;
});
afterAll(() => t.close());

describe('an operator passes or rejects a subscription before the allocation', () => {
  const decide = async (id: number, verb: 'pass' | 'reject', reason?: string, token?: string) =>
    call(
      t.app,
      'POST',
      `admin/subscriptions/${id}/${verb}`,
      reason === undefined ? {} : { reason },
      auth(token ?? (await admin())),
    );

  it('a rejection returns the payment at once and the allocation leaves it out', async () => {
    const p = await project({ price: '0.5', supply: '1000' });
    const a = await funded('1000');
    const b = await funded('300');
    const c = await funded('200');
    const ids: Record<string, number> = {};
    for (const [name, user, number] of [
      ['a', a, '1000'],
      ['b', b, '300'],
      ['c', c, '200'],
    ] as const) {
      const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number });
      expect(res.status).toBe(200);
      ids[name] = res.body.message.id;
    }
    // 3000 tokens asked for 1000: oversubscribed while A is in.
    const asked = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(asked.body.message.subscribed).toBe('3000');

    // A reason is required; a support operator may not decide.
    expect((await decide(ids.a!, 'reject')).body.code).toBe('REASON_REQUIRED');
    expect((await decide(ids.a!, 'reject', 'x', await adminToken(t, 'support'))).status).toBe(403);
    expect((await decide(999_999, 'pass')).status).toBe(404);

    // A reviewer rejects A: the user is told (socket), the payment is available again.
    const spy = vi.spyOn(t.app.hub, 'publishToUser');
    const rejected = await decide(
      ids.a!,
      'reject',
      'The account is under investigation',
      await adminToken(t, 'reviewer'),
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toMatchObject({
      id: ids.a,
      status: 'rejected',
      reason: 'The account is under investigation',
      decidable: false,
    });
    expect(spy).toHaveBeenCalledWith(a.id, 'balances', {});
    spy.mockRestore();
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '1000.0000',
      frozen: '0.0000',
    });
    expect((await records(a))[0]).toMatchObject({
      status: 'rejected',
      reason: 'The account is under investigation',
      allocated: null,
      reviewed_at: t.clock.now().getTime(),
    });
    const only = await call(
      t.app,
      'GET',
      'lh/send/order_list',
      { status: 'rejected' },
      auth(a.token),
    );
    expect(only.body.message.list.map((r: { id: number }) => r.id)).toEqual([ids.a]);
    const after = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(after.body.message.subscribed).toBe('1000');
    await expectBalanced(t.app, await admin());

    // C is passed: recorded, still under review for the user until the allocation.
    const waiting = async () =>
      (await call(t.app, 'GET', 'admin/dashboard', {}, auth(await admin()))).body.message.queues
        .subscriptions as number;
    const before = await waiting();
    const passed = await decide(ids.c!, 'pass');
    expect(passed.body.message).toMatchObject({
      status: 'review',
      reason: null,
      reviewed_by: expect.any(Number),
      reviewer: DEMO_ADMIN.email,
      reviewed_at: t.clock.now().getTime(),
      decidable: false,
    });
    // Passed, it no longer waits for a reviewer: the dashboard's queue leaves it out.
    expect(await waiting()).toBe(before - 1);
    expect((await records(c))[0]).toMatchObject({ status: 'review', reason: null });

    // Decided once: neither may be decided again.
    expect((await decide(ids.a!, 'pass')).body.code).toBe('ALREADY_DECIDED');
    expect((await decide(ids.c!, 'reject', 'changed my mind')).body.code).toBe('ALREADY_DECIDED');

    // Both decisions are in the audit log with the reason and the row before and after.
    const audit = await call(
      t.app,
      'GET',
      'admin/audit/search',
      { action: 'subscription.', target_type: 'subscription' },
      auth(await admin()),
    );
    const entries = audit.body.message.list.filter(
      (e: { target: string }) =>
        e.target === `subscription:${ids.a}` || e.target === `subscription:${ids.c}`,
    );
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'subscription.pass',
      'subscription.reject',
    ]);
    const reject = entries.find((e: { action: string }) => e.action === 'subscription.reject');
    expect(reject.reason).toBe('The account is under investigation');
    expect(JSON.parse(reject.before)).toMatchObject({ status: 'review', reason: null });
    expect(JSON.parse(reject.after)).toMatchObject({
      status: 'rejected',
      reason: 'The account is under investigation',
    });

    // The allocation: without A, B and C asked for exactly the supply and get all of it.
    t.clock.advance(DAY_MS + 1);
    await runJob();
    expect(await records(b)).toMatchObject([
      { status: 'passed', allocated: '600.0000', paid: '300.0000', refund: '0.0000' },
    ]);
    expect(await records(c)).toMatchObject([
      { status: 'passed', allocated: '400.0000', paid: '200.0000', refund: '0.0000' },
    ]);
    expect(await records(a)).toMatchObject([{ status: 'rejected', allocated: null, paid: null }]);
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '1000.0000',
      frozen: '0.0000',
    });
    expect((await balances(t.app, a.token, p.coinId)).currency).toEqual({
      available: '0.0000',
      frozen: '0.0000',
    });
    const closed = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(closed.body.message.fill_ratio).toBe('1');

    // After the allocation nothing can be decided any more.
    expect((await decide(ids.b!, 'reject', 'too late')).body.code).toBe('ALREADY_DECIDED');
    const queue = await call(
      t.app,
      'GET',
      'admin/subscriptions',
      { status: 'all', project_id: String(p.id) },
      auth(await admin()),
    );
    expect(
      queue.body.message.list.map((s: { status: string; decidable: boolean }) => [
        s.status,
        s.decidable,
      ]),
    ).toEqual([
      ['passed', false],
      ['passed', false],
      ['rejected', false],
    ]);
    await expectBalanced(t.app, await admin());
  });

  it('a rejection is translated, decided once when two operators race, and allocates nothing', async () => {
    const p = await project({ price: '1', supply: '100' });
    const user = await funded('10');
    const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number: '10' });
    const id: number = res.body.message.id;
    const zh = await call(
      t.app,
      'POST',
      `admin/subscriptions/${id}/reject`,
      {},
      auth(await admin(), { lang: 'zh' }),
    );
    expect(zh.body).toMatchObject({ code: 'REASON_REQUIRED', message: '请填写原因' });
    // Two operators at once: one rejection wins (one refund), the other is told it was decided.
    const token = await admin();
    const both = await Promise.all([
      decide(id, 'reject', 'Duplicate account', token),
      decide(id, 'reject', 'Duplicate account', token),
    ]);
    expect(both.map((r) => r.body.code ?? r.body.message.status).sort()).toEqual([
      'ALREADY_DECIDED',
      'rejected',
    ]);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '10.0000',
      frozen: '0.0000',
    });
    // The allocation of a project whose only subscription was rejected allocates nothing.
    t.clock.advance(DAY_MS + 1);
    await runJob();
    expect((await records(user))[0]).toMatchObject({ status: 'rejected', paid: null });
    await expectBalanced(t.app, await admin());
  });

  it('a rejection racing the allocation: one of them takes the subscription, never both', async () => {
    const p = await project({ price: '1', supply: '100' });
    const user = await funded('40');
    const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number: '40' });
    const id: number = res.body.message.id;
    t.clock.advance(DAY_MS + 1); // closed, not yet allocated: still decidable
    const token = await admin();
    const [rejected] = await Promise.all([decide(id, 'reject', 'Late check', token), runJob()]);
    const [record] = await records(user);
    const usdt = (await balances(t.app, user.token)).currency;
    const tokens = (await balances(t.app, user.token, p.coinId)).currency;
    if (rejected.status === 200) {
      expect(record).toMatchObject({ status: 'rejected', allocated: null });
      expect(usdt).toEqual({ available: '40.0000', frozen: '0.0000' });
      expect(tokens?.frozen).toBe('0.0000');
    } else {
      expect(rejected.body.code).toBe('ALREADY_DECIDED');
      expect(record).toMatchObject({ status: 'passed', allocated: '40.0000' });
      expect(usdt).toEqual({ available: '0.0000', frozen: '0.0000' });
      expect(tokens?.frozen).toBe('40.0000');
    }
    await expectBalanced(t.app, await admin());
  });
});
