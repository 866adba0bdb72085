import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admins } from '@hx/db';
import { call } from '../../test/harness.ts';
import { adminToken, auth, moneyApp, seedUser, upload, type MoneyApp } from '../wallet/test-kit.ts';

let t: MoneyApp;
const tokens: Record<string, string> = {};
let userUpload: string;

beforeAll(async () => {
  t = await moneyApp();
  tokens.admin = await adminToken(t, 'admin');
  tokens.reviewer = await adminToken(t, 'reviewer');
  tokens.support = await adminToken(t, 'support');
  const user = await seedUser(t);
  tokens.user = user.token;
  userUpload = await upload(t.app, (await seedUser(t)).token);
});
afterAll(() => t.close());

type Who = 'admin' | 'reviewer' | 'support' | 'user' | 'none';
const WHO: Who[] = ['admin', 'reviewer', 'support', 'user', 'none'];
const as = (who: Who) => (who === 'none' ? {} : auth(tokens[who]!));

/** Expected status per caller; a granted decision on a missing item is a 404. */
const review = { admin: 404, reviewer: 404, support: 403, user: 401, none: 401 };
const reviewList = { admin: 200, reviewer: 200, support: 403, user: 401, none: 401 };

const MATRIX: [string, string, Record<string, string>, Record<Who, number>][] = [
  ['GET', 'admin/me', {}, { admin: 200, reviewer: 200, support: 200, user: 401, none: 401 }],
  ['GET', 'admin/deposits', { status: 'review', page: '1' }, reviewList],
  ['GET', 'admin/withdrawals', { status: 'all' }, reviewList],
  ['GET', 'admin/kyc', { status: 'rejected' }, reviewList],
  ['POST', 'admin/deposits/999999/pass', {}, review],
  ['POST', 'admin/deposits/999999/reject', { reason: 'x' }, review],
  ['POST', 'admin/withdrawals/999999/pass', {}, review],
  ['POST', 'admin/withdrawals/999999/reject', { reason: 'x' }, review],
  ['POST', 'admin/kyc/999999/pass', {}, review],
  ['POST', 'admin/kyc/999999/reject', { reason: 'x' }, review],
  ['GET', 'admin/ledger/check', {}, reviewList],
  [
    'GET',
    'admin/audit',
    { page: '1' },
    { admin: 200, reviewer: 403, support: 403, user: 401, none: 401 },
  ],
  ['GET', 'admin/outbox', {}, { admin: 200, reviewer: 403, support: 200, user: 401, none: 401 }],
  [
    'POST',
    'admin/users/999999/freeze',
    {},
    { admin: 404, reviewer: 403, support: 403, user: 401, none: 401 },
  ],
  [
    'POST',
    'admin/users/999999/unfreeze',
    {},
    { admin: 404, reviewer: 403, support: 403, user: 401, none: 401 },
  ],
];

describe('operator roles', () => {
  it.each(MATRIX)(
    '%s %s answers each role as its rights say',
    async (method, path, fields, expected) => {
      const got: Record<string, number> = {};
      for (const who of WHO) {
        const { status, body } = await call(t.app, method as 'GET' | 'POST', path, fields, as(who));
        got[who] = status;
        if (status === 401) expect(body.code).toBe('UNAUTHENTICATED');
        if (status === 403) expect(body.code).toBe('FORBIDDEN');
      }
      expect(got).toEqual(expected);
    },
  );

  it('lets reviewers and admins read uploads, not support; the owner only among users', async () => {
    const got: Record<string, number> = {};
    for (const who of WHO)
      got[who] = (
        await t.app.inject({ method: 'GET', url: userUpload, headers: as(who) })
      ).statusCode;
    expect(got).toEqual({ admin: 200, reviewer: 200, support: 403, user: 404, none: 401 });
  });

  it("refuses an operator's token on user routes", async () => {
    for (const path of ['user/center', 'wallet/hzhistory', 'charge_mention/log2'])
      expect((await call(t.app, 'GET', path, {}, auth(tokens.admin!))).status).toBe(401);
    expect((await call(t.app, 'POST', 'wallet/list', {}, auth(tokens.admin!))).status).toBe(401);
  });

  it('asks for a reason to reject before looking the item up', async () => {
    const { status, body } = await call(
      t.app,
      'POST',
      'admin/deposits/1/reject',
      {},
      as('reviewer'),
    );
    expect([status, body.code]).toEqual([400, 'REASON_REQUIRED']);
  });
});

describe('operator sessions', () => {
  it('logs in with email and password, says nothing about which was wrong, and logs out', async () => {
    const ok = await call(t.app, 'POST', 'admin/login', {
      email: 'ADMIN@demo.local',
      password: 'admin123456',
    });
    expect(ok.body.message).toEqual({ token: expect.any(String), role: 'admin' });
    for (const form of [
      { email: 'admin@demo.local', password: 'wrong-password' },
      { email: 'nobody@demo.local', password: 'admin123456' },
    ])
      expect((await call(t.app, 'POST', 'admin/login', form)).body.code).toBe('LOGIN_FAILED');
    const token = ok.body.message.token;
    expect((await call(t.app, 'GET', 'admin/me', {}, auth(token))).body.message).toMatchObject({
      email: 'admin@demo.local',
      role: 'admin',
    });
    expect((await call(t.app, 'POST', 'admin/logout', {}, auth(token))).status).toBe(200);
    expect((await call(t.app, 'GET', 'admin/me', {}, auth(token))).status).toBe(401);
  });

  it('lets every operator role log out, and no one else', async () => {
    for (const role of ['admin', 'reviewer', 'support'] as const) {
      const token = await adminToken(t, role);
      expect((await call(t.app, 'POST', 'admin/logout', {}, auth(token))).status).toBe(200);
      expect((await call(t.app, 'GET', 'admin/me', {}, auth(token))).status).toBe(401);
    }
    expect((await call(t.app, 'POST', 'admin/logout', {}, as('user'))).status).toBe(401);
    expect((await call(t.app, 'POST', 'admin/logout', {}, as('none'))).status).toBe(401);
  });

  it('ends sessions after 12 hours and refuses disabled operators', async () => {
    const token = await adminToken(t, 'support');
    t.clock.advance(12 * 3_600_000 + 1000);
    expect((await call(t.app, 'GET', 'admin/me', {}, auth(token))).status).toBe(401);
    const fresh = await adminToken(t, 'reviewer');
    const me = (await call(t.app, 'GET', 'admin/me', {}, auth(fresh))).body.message;
    await t.db.update(admins).set({ disabled: true }).where(eq(admins.id, me.id));
    expect((await call(t.app, 'GET', 'admin/me', {}, auth(fresh))).status).toBe(401);
  });

  it('shows the demo outbox to operators', async () => {
    await call(t.app, 'POST', 'sms_mail', { email: 'outbox@example.com', scene: 'register' });
    const { body } = await call(
      t.app,
      'GET',
      'admin/outbox',
      { to: 'outbox@example.com' },
      auth(await adminToken(t, 'support')),
    );
    expect(body.message).toMatchObject({
      total: 1,
      list: [{ to: 'outbox@example.com', scene: 'register', channel: 'mail' }],
    });
  });
});
