import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { ledgerAccounts } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import { utcDayStart } from './service.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  upload,
  type MoneyApp,
} from './test-kit.ts';

/**
 * Random sequences of deposits (passed or rejected), transfers, withdrawals (passed or rejected)
 * and time passing, replayed through the API against a model: every answer is the one the model
 * predicts, no balance ever goes below zero, and the ledger balances after every run.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

const SUBS = ['currency', 'options', 'contract', 'trust'] as const;
type Sub = (typeof SUBS)[number];

// USDT amounts with the coin's 4 decimals, built as strings (no floats).
const usdt = (min: number, max: number) =>
  fc
    .integer({ min: min * 10_000, max: max * 10_000 })
    .filter((n) => n > 0)
    .map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`);
const sub = fc.constantFrom(...SUBS);

const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: usdt(0, 200),
      pass: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: sub,
      to: sub,
      amount: usdt(0, 80),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: usdt(5, 60) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), pass: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('later' as const),
      hours: fc.integer({ min: 1, max: 20 }),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

it('keeps every balance at or above zero and the ledger balanced', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 15 }), async (steps) => {
      // Time passes: operator sessions end after 12 hours, so log in again after each wait.
      let admin = await adminToken(t);
      const user = await seedUser(t, { kyc: true, pay: true });
      const me = auth(user.token);
      const addressId = String(await seedAddress(t, user.id));
      const voucher = await upload(t.app, user.token);
      const available = Object.fromEntries(SUBS.map((s) => [s, new Decimal(0)])) as Record<
        Sub,
        Decimal
      >;
      let frozen = new Decimal(0);
      const pending: { id: number; amount: Decimal }[] = [];
      const perDay = new Map<number, number>();

      const run = async (s: Step): Promise<string | null> => {
        switch (s.kind) {
          case 'deposit': {
            const req = await call(
              t.app,
              'POST',
              'wallet/charge_req',
              { currency_id: '3', network: 'TRC20', number: s.amount, voucher },
              me,
            );
            const expected = new Decimal(s.amount).lessThan(1) ? 'DEPOSIT_BELOW_MIN' : 'ok';
            if (expected !== 'ok')
              return req.body.code === expected ? null : `deposit ${JSON.stringify(req.body)}`;
            const decided = await call(
              t.app,
              'POST',
              `admin/deposits/${req.body.message.id}/${s.pass ? 'pass' : 'reject'}`,
              { reason: 'property' },
              auth(admin),
            );
            if (decided.status !== 200) return `decide deposit ${decided.status}`;
            if (s.pass) available.currency = available.currency.plus(s.amount);
            return null;
          }
          case 'transfer': {
            const res = await call(
              t.app,
              'POST',
              'wallet/change',
              { from: s.from, to: s.to, currency_id: '3', number: s.amount },
              me,
            );
            const expected =
              s.from === s.to
                ? 'TRANSFER_SAME_ACCOUNT'
                : available[s.from].lessThan(s.amount)
                  ? 'INSUFFICIENT_BALANCE'
                  : 'ok';
            const got = res.status === 200 ? 'ok' : res.body.code;
            if (got !== expected) return `transfer expected ${expected} got ${got}`;
            if (got === 'ok') {
              available[s.from] = available[s.from].minus(s.amount);
              available[s.to] = available[s.to].plus(s.amount);
            }
            return null;
          }
          case 'withdraw': {
            const day = utcDayStart(t.clock.now()).getTime();
            const res = await call(
              t.app,
              'POST',
              'wallet/out',
              { currency_id: '3', address_id: addressId, number: s.amount, pay_password: PAY },
              me,
            );
            const value = new Decimal(s.amount);
            const expected = value.lessThan(10)
              ? 'WITHDRAW_BELOW_MIN'
              : (perDay.get(day) ?? 0) >= 3
                ? 'WITHDRAW_DAILY_LIMIT'
                : available.currency.lessThan(value)
                  ? 'INSUFFICIENT_BALANCE'
                  : 'ok';
            const got = res.status === 200 ? 'ok' : res.body.code;
            if (got !== expected) return `withdraw expected ${expected} got ${got}`;
            if (got === 'ok') {
              perDay.set(day, (perDay.get(day) ?? 0) + 1);
              available.currency = available.currency.minus(value);
              frozen = frozen.plus(value);
              pending.push({ id: res.body.message.id, amount: value });
              if (res.body.message.receive !== value.minus(1).toFixed(4)) return 'wrong receive';
            }
            return null;
          }
          case 'decide': {
            const next = pending.shift();
            if (!next) return null;
            const res = await call(
              t.app,
              'POST',
              `admin/withdrawals/${next.id}/${s.pass ? 'pass' : 'reject'}`,
              { reason: 'property' },
              auth(admin),
            );
            if (res.status !== 200) return `decide withdrawal ${res.status}`;
            frozen = frozen.minus(next.amount);
            if (!s.pass) available.currency = available.currency.plus(next.amount);
            return null;
          }
          case 'later':
            t.clock.advance(s.hours * 3_600_000);
            admin = await adminToken(t);
            return null;
        }
      };

      // After every step: the stored balances are the model's, and none is below zero.
      const stored = async () =>
        Object.fromEntries(
          (await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id))).map(
            (a) => [a.name, { available: new Decimal(a.available), frozen: new Decimal(a.frozen) }],
          ),
        );
      for (const s of steps) {
        const problem = await run(s);
        expect(problem, JSON.stringify(s)).toBeNull();
        const accounts = await stored();
        for (const name of SUBS) {
          const account = accounts[name] ?? { available: new Decimal(0), frozen: new Decimal(0) };
          expect(account.available.isNegative() || account.frozen.isNegative()).toBe(false);
          expect(account.available.eq(available[name])).toBe(true);
          expect(account.frozen.eq(name === 'currency' ? frozen : 0)).toBe(true);
        }
      }
      // And the wallet shows the same.
      const { body } = await call(t.app, 'POST', 'wallet/list', {}, me);
      for (const name of SUBS) {
        const item = body.message[name].find((c: { currency_id: number }) => c.currency_id === 3);
        expect([item.available, item.frozen]).toEqual([
          available[name].toFixed(4),
          (name === 'currency' ? frozen : new Decimal(0)).toFixed(4),
        ]);
      }
      await expectBalanced(t.app, admin);
    }),
    { numRuns: 20 },
  );
});
