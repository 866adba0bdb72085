import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tradingFees, users } from '@hx/db';
import { post } from '@hx/ledger';
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
import { feesBalance, fund, order, spotBalance } from '../spot/test-kit.ts';

const BTC = 1;
const USDT = 3;

describe('referral programme', () => {
  let t: MoneyApp;
  let inviter: TestUser;
  let invitee: TestUser;

  const invite = (who: TestUser, by: TestUser) =>
    t.db.update(users).set({ invitedBy: by.id }).where(eq(users.id, who.id));

  beforeEach(async () => {
    t = await moneyApp();
    inviter = await seedUser(t);
    invitee = await seedUser(t);
    await invite(invitee, inviter);
  });
  afterEach(() => t.close());

  it('pays the inviter 20% of the spot fees the invitee paid, once, through the ledger', async () => {
    const seller = await seedUser(t);
    await fund(t, seller.id, BTC, '1');
    await fund(t, invitee.id, USDT, '10000');
    await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.1' });
    await order(t.app, invitee.token, { side: 'buy', price: '60000', amount: '0.1' });
    // The invitee paid 0.0001 BTC; the seller (invited by no one) paid 6 USDT.

    let summary = await call(t.app, 'GET', 'user/invite', {}, auth(inviter.token));
    expect(summary.body.message).toMatchObject({
      promoted: 1,
      rebate_rate: '0.2',
      total_rewards: '0.0000',
      // 0.00002 BTC at the recorded 65000.5.
      pending_rewards: '1.3000',
    });
    expect(summary.body.message.invite_link).toMatch(
      /\/h5\/#\/pages\/user\/login\/register\?invite=/,
    );

    expect(await t.app.referral.runOnce()).toBe(1);
    expect(await t.app.referral.runOnce()).toBe(0);
    expect(await spotBalance(t, inviter.id, BTC)).toEqual({ available: '0.00002', frozen: '0' });
    expect(await feesBalance(t, BTC)).toEqual({ available: '0.00008', frozen: '0' });

    summary = await call(t.app, 'GET', 'user/invite', {}, auth(inviter.token));
    expect(summary.body.message).toMatchObject({
      total_rewards: '1.3000',
      pending_rewards: '0.0000',
      rewards: [{ name: 'BTC', amount: '0.00002' }],
      rank: 1,
    });
    const paid = await call(t.app, 'POST', 'user/my_account_return', {}, auth(inviter.token));
    expect(paid.body.message.list).toMatchObject([
      { name: 'BTC', fee: '0.0001', amount: '0.00002' },
    ]);
    expect(paid.body.message.list[0].account).toContain('***');
    const list = await call(t.app, 'GET', 'user/invite_list', {}, auth(inviter.token));
    expect(list.body.message).toMatchObject({
      total: 1,
      list: [{ id: invitee.id, rewards: '1.3000' }],
    });
    await expectBalanced(t.app, await adminToken(t));
  });

  it('rebates contract and option fees the same way', async () => {
    await post(t.db, {
      kind: 'test_fees',
      lines: [
        { account: { platform: 'treasury', coin: USDT }, amount: '-15' },
        { account: { platform: 'fees', coin: USDT }, amount: '15' },
      ],
    });
    await t.db.insert(tradingFees).values([
      {
        userId: invitee.id,
        inviterId: inviter.id,
        source: 'contract',
        refId: 1,
        coinId: USDT,
        amount: '10',
      },
      {
        userId: invitee.id,
        inviterId: inviter.id,
        source: 'option',
        refId: 1,
        coinId: USDT,
        amount: '5',
      },
    ]);
    expect(await t.app.referral.runOnce()).toBe(2);
    expect(await spotBalance(t, inviter.id, USDT)).toEqual({ available: '3', frozen: '0' });
    expect(await feesBalance(t, USDT)).toEqual({ available: '12', frozen: '0' });
    await expectBalanced(t.app, await adminToken(t));
  });

  it('ranks the top 10 by users invited, ties by rewards, accounts masked', async () => {
    const others: TestUser[] = [];
    for (let i = 0; i < 11; i++) others.push(await seedUser(t));
    // others[0] invites 3, others[1] and others[2] invite 2 each (others[2] with rewards), the
    // rest 1 each; `inviter` has 1 from beforeEach.
    const extra = async (by: TestUser, n: number) => {
      for (let i = 0; i < n; i++) await invite(await seedUser(t), by);
    };
    await extra(others[0]!, 3);
    await extra(others[1]!, 2);
    await extra(others[2]!, 2);
    for (const o of others.slice(3)) await extra(o, 1);
    await post(t.db, {
      kind: 'test_fees',
      lines: [
        { account: { platform: 'treasury', coin: USDT }, amount: '-10' },
        { account: { platform: 'fees', coin: USDT }, amount: '10' },
      ],
    });
    const [payer] = await t.db.select().from(users).where(eq(users.invitedBy, others[2]!.id));
    await t.db.insert(tradingFees).values({
      userId: payer!.id,
      inviterId: others[2]!.id,
      source: 'spot',
      refId: 1,
      coinId: USDT,
      amount: '10',
    });
    await t.app.referral.runOnce();

    const { body } = await call(t.app, 'POST', 'user/my_invite_list', {}, auth(others[2]!.token));
    const rows = body.message as {
      rank: number;
      invited: number;
      rewards: string;
      mine: boolean;
      account: string;
    }[];
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.invited)).toEqual([3, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
    expect(rows[1]).toMatchObject({ rank: 2, rewards: '2.0000', mine: true });
    expect(rows[2]).toMatchObject({ rank: 3, rewards: '0.0000', mine: false });
    expect(rows.every((r) => r.account.includes('***'))).toBe(true);
  });
});
