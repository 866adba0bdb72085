import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  upload,
  type MoneyApp,
} from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let support: string;
let reviewer: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  support = await adminToken(t, 'support');
  reviewer = await adminToken(t, 'reviewer');
});
afterAll(() => t.close());

const context = (userId: number, token: string) =>
  call(t.app, 'GET', 'admin/chat/context', { user_id: String(userId) }, auth(token));

describe('the inbox beside a conversation', () => {
  it('shows support who writes: account, KYC state, the latest 5 deposits and withdrawals with their state', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    const addressId = await seedAddress(t, user.id);
    for (const amount of ['10', '11', '12', '13', '14', '15'])
      await deposit(t.app, user, admin, amount);
    // The latest deposit waits for review.
    const voucher = await upload(t.app, user.token);
    await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '50', voucher },
      auth(user.token),
    );
    const out = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(addressId), number: '20', pay_password: PAY },
      auth(user.token),
    );
    expect(out.status).toBe(200);

    const { status, body } = await context(user.id, support);
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      user_id: user.id,
      account: user.email,
      frozen: false,
      kyc: { basic: 'verified', advanced: 'unverified' },
      withdrawals: [{ name: 'USDT', network: 'TRC20', number: '20.0000', status: 'review' }],
    });
    expect(
      body.message.deposits.map((d: { number: string; status: string }) => [d.number, d.status]),
    ).toEqual([
      ['50.0000', 'review'],
      ['15.0000', 'passed'],
      ['14.0000', 'passed'],
      ['13.0000', 'passed'],
      ['12.0000', 'passed'],
    ]);
    expect(body.message.deposits[0]).toMatchObject({ credited_amount: null, name: 'USDT' });
    await expectBalanced(t.app, admin);
  });

  it('answers the support roles only, and NOT_FOUND for an unknown user', async () => {
    const user = await seedUser(t);
    expect((await context(user.id, admin)).status).toBe(200);
    expect((await context(user.id, support)).body.message.deposits).toEqual([]);
    expect((await context(user.id, reviewer)).body.code).toBe('FORBIDDEN');
    expect((await context(user.id, user.token)).status).toBe(401);
    const unknown = await context(999_999, support);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
