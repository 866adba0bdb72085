import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { call } from '../../test/harness.ts';
import { cardProof } from '../bank/test-kit.ts';
import { moneySuite } from './money-kit.ts';
import { auth, balances, expectBalanced, PAY, upload } from './test-kit.ts';

const m = moneySuite();
const { move, funded, withdraw } = m;

describe('frozen accounts and privacy', () => {
  it('lets a frozen user read but not move money, by an audited operator action', async () => {
    const user = await funded('50');
    const voucher = await upload(m.t.app, user.token);
    const freeze = await call(
      m.t.app,
      'POST',
      `admin/users/${user.id}/freeze`,
      { reason: 'Chargeback' },
      auth(m.admin),
    );
    expect(freeze.body.message).toEqual({ id: user.id, frozen: true });
    const me = auth(user.token);
    for (const [path, fields] of [
      ['wallet/change', { from: 'currency', to: 'options', currency_id: '3', number: '1' }],
      ['wallet/charge_req', { currency_id: '3', network: 'TRC20', number: '5', voucher }],
      [
        'wallet/out',
        { currency_id: '3', address_id: String(user.addressId), number: '10', pay_password: PAY },
      ],
    ] as const) {
      const { status, body } = await call(m.t.app, 'POST', path, fields, me);
      expect([path, status, body.code]).toEqual([path, 403, 'ACCOUNT_FROZEN']);
    }
    expect((await call(m.t.app, 'POST', 'wallet/list', {}, me)).status).toBe(200);
    expect((await call(m.t.app, 'GET', 'charge_mention/log2', {}, me)).status).toBe(200);
    expect((await call(m.t.app, 'GET', 'user/center', {}, me)).status).toBe(200);
    await call(m.t.app, 'POST', `admin/users/${user.id}/unfreeze`, {}, auth(m.admin));
    expect((await move(user, { number: '1' })).status).toBe(200);
    const [row] = await m.t.db
      .select({ frozen: users.frozen })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.frozen).toBe(false);
    const audit = (await call(m.t.app, 'GET', 'admin/audit', { limit: '2' }, auth(m.admin))).body
      .message.list;
    expect(
      audit.map((a: { action: string; before: string; after: string }) => [
        a.action,
        a.before,
        a.after,
      ]),
    ).toEqual([
      ['user.unfreeze', 'frozen', 'active'],
      ['user.freeze', 'active', 'frozen'],
    ]);
    await expectBalanced(m.t.app, m.admin);
  });

  it("keeps each user's records, addresses, uploads, cards and withdrawals to themselves", async () => {
    const alice = await funded('100');
    const bob = await funded('100');
    const a = auth(alice.token);
    const b = auth(bob.token);
    await move(alice, { number: '5' });
    const aliceOut = (await withdraw(alice, '10')).body.message;
    const aliceVoucher = await upload(m.t.app, alice.token);
    const aliceCard = (
      await call(
        m.t.app,
        'POST',
        'user/cash_save',
        {
          name: 'Alice',
          card_number: '1',
          depositary_bank: 'x',
          branch: 'x',
          bank_name: 'x',
          bank_address: 'x',
          swift_code: 'x',
          payee_address: 'x',
          zip_code: 'x',
          ...(await cardProof(m.t, alice.email)),
        },
        a,
      )
    ).body.message.id;
    const seen = async (path: string, method: 'GET' | 'POST' = 'GET') =>
      (await call(m.t.app, method, path, {}, b)).body.message;
    expect(
      (await seen('charge_mention/log2')).list.every((d: { id: number }) => d.id !== aliceOut.id),
    ).toBe(true);
    expect((await seen('charge_mention/log3')).total).toBe(0);
    expect((await seen('wallet/hzhistory')).total).toBe(0);
    expect((await seen('wallet/legal_log', 'POST')).total).toBe(1);
    expect(
      (await seen('wallet/get_address', 'POST')).list.map((x: { id: number }) => x.id),
    ).toEqual([bob.addressId]);
    expect((await seen('user/cash_info', 'POST')).total).toBe(0);
    expect(
      (await m.t.app.inject({ method: 'GET', url: aliceVoucher, headers: b })).statusCode,
    ).toBe(404);
    const useVoucher = await call(
      m.t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '5', voucher: aliceVoucher },
      b,
    );
    expect(useVoucher.body.code).toBe('UPLOAD_INVALID');
    const useAddress = await call(
      m.t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(alice.addressId), number: '10', pay_password: PAY },
      b,
    );
    expect(useAddress.body.code).toBe('NOT_FOUND');
    const useCard = await call(
      m.t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', bank_id: String(aliceCard), number: '10', pay_password: PAY },
      b,
    );
    expect(useCard.body.code).toBe('NOT_FOUND');
    // Deciding a withdrawal is an operator action: a user's token is not an operator token.
    expect(
      (await call(m.t.app, 'POST', `admin/withdrawals/${aliceOut.id}/reject`, { reason: 'x' }, b))
        .status,
    ).toBe(401);
    expect((await balances(m.t.app, alice.token)).currency).toEqual({
      available: '85.0000',
      frozen: '10.0000',
    });
    expect((await balances(m.t.app, bob.token)).currency).toEqual({
      available: '100.0000',
      frozen: '0.0000',
    });
    await expectBalanced(m.t.app, m.admin);
  });
});
