import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, journalEntries, kycSubmissions, users } from '@hx/db';
import { call } from '../../test/harness.ts';
import { DEMO_USER, seed } from '../../seed.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';

let t: MoneyApp;
afterEach(() => t.close());

const MIN = 60_000;
const CREDITED = [
  { currency_id: 3, name: 'USDT', number: '10000.0000' },
  { currency_id: 1, name: 'BTC', number: '0.50000000' },
  { currency_id: 2, name: 'ETH', number: '5.000000' },
];

async function spot(token: string) {
  const { body } = await call(t.app, 'POST', 'wallet/list', {}, auth(token));
  const of = (id: number) =>
    body.message.currency.find((c: { currency_id: number }) => c.currency_id === id).available;
  return { USDT: of(3), BTC: of(1), ETH: of(2) };
}

const login = async (account: string, password: string) =>
  call(t.app, 'POST', 'user/login', { account, password });

const topUp = (token: string | null, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', 'wallet/demo_funds', {}, token ? auth(token, headers) : headers);

/** When the next top-up is allowed, as the app's countdown reads it. */
const nextAt = async (token: string) =>
  (await call(t.app, 'GET', 'wallet/demo_funds', {}, auth(token))).body.message.next_at;

describe('the demo user', () => {
  it('starts with demo funds, basic KYC and a fund password, given once across restarts', async () => {
    t = await moneyApp();
    await seed(t.db, t.config); // a restart seeds again: nothing more is given
    const { body } = await login(DEMO_USER.email, DEMO_USER.password);
    const token: string = body.message.token;
    expect(await spot(token)).toEqual({ USDT: '10000.0000', BTC: '0.50000000', ETH: '5.000000' });
    const center = await call(t.app, 'GET', 'user/center2', {}, auth(token));
    expect(center.body.message).toMatchObject({ basic: { status: 'verified' } });
    const has = await call(t.app, 'POST', 'user/has_password', {}, auth(token));
    expect(has.body.message).toEqual({ has: true });

    const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'demo_funds'), eq(journalEntries.refId, demo!.id)));
    expect(entries).toHaveLength(1);
    expect(
      await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, demo!.id)),
    ).toHaveLength(1);
    const admin = await adminToken(t);
    const audit = await call(t.app, 'GET', 'admin/audit/search', { admin: 'system' }, auth(admin));
    expect(audit.body.message.list.map((a: { action: string }) => a.action).sort()).toEqual([
      'demo_funds.start',
      'kyc.pass',
    ]);
    expect(audit.body.message.list[0].admin).toBe('system');
    await expectBalanced(t.app, admin);
  });

  it('does not exist in production mode, nor do demo funds', async () => {
    t = await moneyApp({ mode: 'production' });
    expect(await t.db.select().from(users).where(eq(users.email, DEMO_USER.email))).toEqual([]);
    expect((await login(DEMO_USER.email, DEMO_USER.password)).body.type).toBe('error');
    const user = await seedUser(t);
    expect((await topUp(user.token)).status).toBe(404);
    expect((await topUp(null)).status).toBe(404);
    expect(await t.db.select().from(journalEntries)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('POST wallet/demo_funds', () => {
  it('credits demo funds from the treasury once per 10 minutes, audited, the books balanced', async () => {
    t = await moneyApp();
    const user = await seedUser(t);
    expect((await topUp(null)).status).toBe(401);
    expect((await call(t.app, 'GET', 'wallet/demo_funds', {})).status).toBe(401);
    expect(await nextAt(user.token)).toBeNull();
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.paths['/api/wallet/demo_funds'].post.summary).toMatch(/^Demo mode only/);

    const first = await topUp(user.token);
    expect(first.status).toBe(200);
    expect(first.body.message).toEqual({ list: CREDITED });
    // The countdown: ten minutes from the top-up.
    expect(await nextAt(user.token)).toBe(t.clock.now().getTime() + 10 * MIN);
    const after = { USDT: '10000.0000', BTC: '0.50000000', ETH: '5.000000' };
    expect(await spot(user.token)).toEqual(after);

    // Again within 10 minutes: refused with the time left, in the user's language; nothing moves.
    t.clock.advance(4 * MIN);
    const again = await topUp(user.token, { lang: 'zh' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      code: 'DEMO_FUNDS_TOO_SOON',
      message: expect.stringContaining('6 分钟'),
    });
    const english = await topUp(user.token);
    expect(english.body.message).toBe(
      'Demo funds can be topped up once every 10 minutes, please try again in 6 min',
    );
    expect(await spot(user.token)).toEqual(after);

    // Ten minutes after the first, it works again.
    t.clock.advance(6 * MIN);
    expect(await nextAt(user.token)).toBeNull();
    expect((await topUp(user.token)).body.message).toEqual({ list: CREDITED });
    expect(await spot(user.token)).toEqual({
      USDT: '20000.0000',
      BTC: '1.00000000',
      ETH: '10.000000',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'demo_funds.top_up'), eq(auditLog.targetId, user.id)));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.adminId === null)).toBe(true);
    await expectBalanced(t.app, await adminToken(t));
  });

  it('honours Idempotency-Key: a repeat answers the first top-up and credits nothing more', async () => {
    t = await moneyApp();
    const user = await seedUser(t);
    const key = { 'idempotency-key': 'demo-top-up-1' };
    const first = await topUp(user.token, key);
    const repeat = await topUp(user.token, key);
    expect(repeat.status).toBe(200);
    expect(repeat.body.message).toEqual(first.body.message);
    expect((await spot(user.token)).USDT).toBe('10000.0000');
    await expectBalanced(t.app, await adminToken(t));
  });
});
