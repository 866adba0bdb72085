import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@hx/protocol';
import { deposits } from '@hx/db';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  seedUser,
  upload,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

/** A USDT deposit of `number` over TRC20, reported with a voucher and waiting for review. */
async function report(user: TestUser, number: string): Promise<number> {
  const voucher = await upload(t.app, user.token);
  const { body } = await call(
    t.app,
    'POST',
    'wallet/charge_req',
    { currency_id: '3', network: 'TRC20', number, voucher },
    auth(user.token),
  );
  return body.message.id as number;
}

const pass = (id: number, fields: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', `admin/deposits/${id}/pass`, fields, auth(admin, { lang }));

describe('passing a deposit with a corrected amount', () => {
  it('credits what arrived, keeps both amounts for the user and the audit, and checks the amount', async () => {
    const user = await seedUser(t);
    const id = await report(user, '100');

    // A bad amount is refused in the operator's language, and nothing is decided.
    for (const [credited, code, lang] of [
      ['abc', 'AMOUNT_INVALID', 'esp'],
      ['-5', 'AMOUNT_INVALID', 'en'],
      ['0', 'AMOUNT_INVALID', 'zh'],
      ['95.12345', 'AMOUNT_PRECISION', 'en'],
    ] as const) {
      const refused = await pass(id, { credited_amount: credited }, lang);
      expect([refused.status, refused.body.code], credited).toEqual([400, code]);
      if (code === 'AMOUNT_INVALID') expect(refused.body.message).toBe(ERRORS[code][lang]);
    }
    expect(
      (await pass(id, { credited_amount: '95.12345' })).body.message,
      'the coin has 4 decimals',
    ).toBe('At most 4 decimal places');
    const [still] = await t.db.select().from(deposits).where(eq(deposits.id, id));
    expect([still?.status, still?.creditedAmount]).toEqual(['review', null]);
    expect((await balances(t.app, user.token)).currency!.available).toBe('0.0000');

    // 100 reported, 95.5 arrived: 95.5 is credited.
    const passed = await pass(id, { credited_amount: ' 95.5 ', reason: 'Bank fee taken' });
    expect(passed.status).toBe(200);
    expect(passed.body.message).toMatchObject({
      status: 'passed',
      number: '100.0000',
      credited_amount: '95.5000',
      reason: 'Bank fee taken',
    });
    expect((await balances(t.app, user.token)).currency!.available).toBe('95.5000');

    // The user's record shows both; the ledger posting is the credited amount.
    const log = (await call(t.app, 'GET', 'charge_mention/log2', {}, auth(user.token))).body
      .message;
    expect(log.list[0]).toMatchObject({
      id,
      status: 'passed',
      number: '100.0000',
      credited_amount: '95.5000',
    });
    const postings = (
      await call(t.app, 'POST', 'wallet/legal_log', { type: 'deposit' }, auth(user.token))
    ).body.message.list;
    expect(postings).toMatchObject([{ amount: '95.5000', ref_id: id }]);

    // The audit row names both amounts.
    const audit = (await call(t.app, 'GET', 'admin/audit', {}, auth(admin))).body.message.list;
    expect(audit[0]).toMatchObject({
      action: 'deposit.pass',
      target: `deposit:${id}`,
      before: 'review: reported 100.0000 USDT',
      after: 'passed: credited 95.5000 USDT',
      reason: 'Bank fee taken',
    });

    // The same amount as reported, or none, is no correction.
    const same = await report(user, '40');
    const plain = await report(user, '10');
    expect((await pass(same, { credited_amount: '40.00' })).body.message.credited_amount).toBe(
      null,
    );
    expect((await pass(plain, { credited_amount: '' })).body.message.credited_amount).toBe(null);
    const after = (await call(t.app, 'GET', 'admin/audit', {}, auth(admin))).body.message.list;
    expect(after[0]).toMatchObject({
      target: `deposit:${plain}`,
      before: 'review',
      after: 'passed',
    });
    expect((await balances(t.app, user.token)).currency!.available).toBe('145.5000');
    const total = (await call(t.app, 'GET', 'admin/dashboard', {}, auth(admin))).body.message.today
      .deposits;
    expect(total.find((c: { name: string }) => c.name === 'USDT').amount).toBe('145.5');

    // A rejection ignores a credited amount.
    const rejected = await report(user, '7');
    const no = await call(
      t.app,
      'POST',
      `admin/deposits/${rejected}/reject`,
      { reason: 'No such transfer', credited_amount: '7' },
      auth(admin),
    );
    expect(no.body.message).toMatchObject({ status: 'rejected', credited_amount: null });
    await expectBalanced(t.app, admin);
  });
});
