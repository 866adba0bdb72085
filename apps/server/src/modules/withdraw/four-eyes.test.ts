import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  deposit,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  type MoneyApp,
  payee,
} from '../wallet/test-kit.ts';

/** Four eyes: a withdrawal worth more than the threshold needs two different operators. */

let t: MoneyApp;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
  admin = await adminToken(t, 'admin');
  reviewer = await adminToken(t, 'reviewer');
});
afterAll(() => t.close());

/** A user with `funds` USDT who asks to withdraw `amount` of it; the withdrawal's id. */
async function withdrawal(funds: string, amount: string) {
  const user = await payee(t, admin, funds);
  const out = await call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: '3', address_id: String(user.addressId), number: amount, pay_password: PAY },
    auth(user.token),
  );
  expect(out.status).toBe(200);
  return { user, id: out.body.message.id as number };
}

const decide = (who: string, id: number, verb: 'pass' | 'reject', reason?: string) =>
  call(t.app, 'POST', `admin/withdrawals/${id}/${verb}`, reason ? { reason } : {}, auth(who));

async function queued(id: number) {
  const { body } = await call(t.app, 'GET', 'admin/withdrawals', { status: 'all' }, auth(admin));
  return body.message.list.find((w: { id: number }) => w.id === id);
}

async function auditOf(id: number) {
  const { body } = await call(
    t.app,
    'GET',
    'admin/audit/search',
    { target_type: 'withdrawal', target_id: String(id) },
    auth(admin),
  );
  return body.message.list
    .map((a: { action: string; admin: string; before: string; after: string }) => [
      a.action,
      a.admin,
      a.before,
      a.after,
    ])
    .reverse();
}

describe('four eyes on large withdrawals', () => {
  it('keeps a large withdrawal in review after the first pass; a second operator pays it out', async () => {
    const { user, id } = await withdrawal('20000', '12000');
    expect(await queued(id)).toMatchObject({
      approvals_needed: 2,
      value_usdt: '12000.00',
      first_passed_by: null,
    });

    const first = await decide(admin, id, 'pass');
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({
      status: 'review',
      approvals_needed: 2,
      first_passed_email: 'admin@demo.local',
      reviewed_by: null,
    });
    // No money moved: still frozen, nothing paid out.
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '8000.0000',
      frozen: '12000.0000',
    });
    await expectBalanced(t.app, admin);

    const again = await decide(admin, id, 'pass');
    expect([again.status, again.body.code]).toEqual([409, 'FOUR_EYES_SAME_OPERATOR']);

    const second = await decide(reviewer, id, 'pass');
    expect(second.body.message).toMatchObject({
      status: 'passed',
      first_passed_by: expect.any(Number),
    });
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '8000.0000',
      frozen: '0.0000',
    });
    expect((await decide(admin, id, 'pass')).body.code).toBe('ALREADY_DECIDED');
    const reviewerEmail = (await call(t.app, 'GET', 'admin/me', {}, auth(reviewer))).body.message
      .email;
    expect(await auditOf(id)).toEqual([
      ['withdrawal.first_pass', 'admin@demo.local', 'review', 'review (1 of 2)'],
      ['withdrawal.pass', reviewerEmail, 'review (1 of 2)', 'passed'],
    ]);
    await expectBalanced(t.app, admin);
  });

  it('ends a large withdrawal with a reject by either operator; the funds return', async () => {
    const { user, id } = await withdrawal('15000', '11000');
    await decide(reviewer, id, 'pass');
    const rejected = await decide(reviewer, id, 'reject', 'Not the usual address');
    expect(rejected.body.message).toMatchObject({ status: 'rejected' });
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '15000.0000',
      frozen: '0.0000',
    });
    expect((await decide(admin, id, 'pass')).body.code).toBe('ALREADY_DECIDED');
    await expectBalanced(t.app, admin);
  });

  it('passes a withdrawal under the threshold with one operator, as before', async () => {
    const { id } = await withdrawal('500', '100');
    expect(await queued(id)).toMatchObject({ approvals_needed: 1, value_usdt: '100.00' });
    const { body } = await decide(reviewer, id, 'pass');
    expect(body.message).toMatchObject({ status: 'passed', first_passed_by: null });
    expect(await auditOf(id)).toEqual([
      ['withdrawal.pass', expect.any(String), 'review', 'passed'],
    ]);
    await expectBalanced(t.app, admin);
  });

  it('counts a coin without a market price as above the threshold', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    const addressId = await seedAddress(t, user.id, 2, 'ERC20');
    await deposit(t.app, user, admin, '1', { id: 2, network: 'ERC20' });
    const out = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '2', address_id: String(addressId), number: '0.5', pay_password: PAY },
      auth(user.token),
    );
    expect(out.status).toBe(200);
    expect(await queued(out.body.message.id)).toMatchObject({
      name: 'ETH',
      value_usdt: null,
      approvals_needed: 2,
    });
    await expectBalanced(t.app, admin);
  });

  it('lets an admin change the threshold (audited, bounded); reviewers only read it', async () => {
    const read = await call(t.app, 'GET', 'admin/config/four-eyes', {}, auth(reviewer));
    expect(read.body.message).toEqual({ threshold_usdt: '10000' });
    const put = (who: string, value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/config/four-eyes',
        headers: auth(who),
        payload: { threshold_usdt: value },
      });
    expect((await put(reviewer, '50')).statusCode).toBe(403);
    for (const bad of ['-1', 'abc', '2000000000', '1.234', ''])
      expect((await put(admin, bad)).json().code).toMatch(/AMOUNT_INVALID|AMOUNT_REQUIRED/);
    expect((await put(admin, '50')).json().message).toEqual({ threshold_usdt: '50' });

    const { id } = await withdrawal('500', '100');
    expect(await queued(id)).toMatchObject({ approvals_needed: 2 });
    const { body } = await call(
      t.app,
      'GET',
      'admin/audit/search',
      { action: 'config.four_eyes' },
      auth(admin),
    );
    expect(body.message.list[0]).toMatchObject({ before: '10000 USDT', after: '50 USDT' });
    expect((await put(admin, 10000)).statusCode).toBe(200);
  });
});
