import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { moneySuite } from './money-kit.ts';
import { auth, balances, deposit, expectBalanced, upload } from './test-kit.ts';

const m = moneySuite();
const { move, funded, withdraw } = m;

describe('Idempotency-Key', () => {
  it('does a transfer once per key and user, even when the twin comes concurrently', async () => {
    const user = await funded('20');
    const key = { 'idempotency-key': 'transfer-1' };
    expect((await move(user, { number: '2' }, key)).body).toEqual({ type: 'ok', message: {} });
    expect((await move(user, { number: '2' }, key)).body).toEqual({ type: 'ok', message: {} });
    const twins = await Promise.all(
      Array.from({ length: 5 }, () =>
        move(user, { number: '3' }, { 'idempotency-key': 'transfer-2' }),
      ),
    );
    expect(twins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balances(m.t.app, user.token)).options!.available).toBe('5.0000');
    // The same key for another request is refused; another user's key is theirs alone.
    const reused = await move(user, { number: '4' }, key);
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const other = await funded('10');
    expect((await move(other, { number: '2' }, key)).status).toBe(200);
    expect((await balances(m.t.app, other.token)).options!.available).toBe('2.0000');
    // A failed request records nothing: the same key works once the balance is there.
    const short = await move(user, { number: '16' }, { 'idempotency-key': 'transfer-3' });
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE');
    await deposit(m.t.app, user, m.admin, '1');
    expect((await move(user, { number: '16' }, { 'idempotency-key': 'transfer-3' })).status).toBe(
      200,
    );
    expect(
      (await move(user, { number: '1' }, { 'idempotency-key': ' '.repeat(3) })).body.code,
    ).toBe('VALIDATION');
    await expectBalanced(m.t.app, m.admin);
  });

  it('returns the first deposit and withdrawal for a repeated key', async () => {
    const user = await funded('100');
    const voucher = await upload(m.t.app, user.token);
    const form = { currency_id: '3', network: 'TRC20', number: '5', voucher };
    const key = { 'idempotency-key': 'dep-1' };
    const first = await call(m.t.app, 'POST', 'wallet/charge_req', form, auth(user.token, key));
    const again = await call(m.t.app, 'POST', 'wallet/charge_req', form, auth(user.token, key));
    expect(again.body).toEqual(first.body);
    expect(
      (await call(m.t.app, 'GET', 'charge_mention/log2', {}, auth(user.token))).body.message.total,
    ).toBe(2);
    const out = await Promise.all(
      [1, 2, 3].map(() => withdraw(user, '10', {}, { 'idempotency-key': 'out-1' })),
    );
    expect(new Set(out.map((r) => r.body.message.id)).size).toBe(1);
    expect(out[0]!.body.message).toMatchObject({
      status: 'review',
      fee: '1.0000',
      receive: '9.0000',
    });
    expect((await balances(m.t.app, user.token)).currency).toEqual({
      available: '90.0000',
      frozen: '10.0000',
    });
    await expectBalanced(m.t.app, m.admin);
  });
});
