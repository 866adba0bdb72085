import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { admins, freshDatabase, sessions, users, withdrawAddresses, type Db } from '@hx/db';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { totpCode } from '../../lib/totp.ts';
import type { PriceBook } from '../coins/prices.ts';
import { newInviteCode, newToken, sha256 } from '../../lib/tokens.ts';
import { DEMO_ADMIN, seed } from '../../seed.ts';
import { call, type TestApp } from '../../test/harness.ts';
import { samplePng } from '../upload/sample-images.ts';

/** Test helpers for identity and money: apps with a private upload folder, users, operators. */

export interface MoneyApp extends TestApp {
  /** The database itself, for arranging state the API has no shortcut for. */
  db: Db;
}

/** Prices the money tests see: BTC has a recorded price, every other coin none. */
export const TEST_PRICES: PriceBook = {
  last: (symbol) => (symbol === 'BTCUSDT' ? { price: '65000.5', time: 1_700_000_000_000 } : null),
};

/**
 * Like the harness's testApp, with a private upload folder, the database at hand, and a fixed
 * price book (so wallet values do not depend on live market data).
 */
export async function moneyApp(
  overrides: Partial<Config> = {},
  /** What the server sees of the database (a test that races its statements wraps it). */
  serverDb: (db: Db) => Db = (db) => db,
): Promise<MoneyApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-money-'));
  const config = { ...loadConfig({}), dataDir, ...overrides };
  const database = await freshDatabase();
  await seed(database.db, config);
  const clock = manualClock(new Date());
  const app = await buildApp({
    config,
    database: { ...database, db: serverDb(database.db) },
    clock,
    prices: TEST_PRICES,
  });
  return {
    app,
    clock,
    config,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const auth = (token: string, extra: Record<string, string> = {}) => ({
  authorization: token,
  ...extra,
});

/** A real 8×8 PNG (uploads read its header for the size), with a few bytes of its own after it. */
export const PNG = Buffer.concat([samplePng(8, 8), randomBytes(16)]);

export async function uploadRaw(
  app: App,
  token: string | null,
  bytes: Buffer,
  filename = 'photo.png',
  type = 'image/png',
  field = 'file',
) {
  const boundary = `----hx${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: token } : {}),
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

/** Uploads a PNG and returns its url. */
export async function upload(app: App, token: string): Promise<string> {
  const { status, body } = await uploadRaw(app, token, PNG);
  expect(status).toBe(200);
  return body.message.url as string;
}

let payHash: Promise<string> | undefined;
export const PAY = '246810';

export interface TestUser {
  id: number;
  token: string;
  email: string;
}

/**
 * A user written straight to the database with a live session (no codes spent), optionally
 * with basic KYC verified and the fund password PAY.
 */
export async function seedUser(
  t: MoneyApp,
  options: { kyc?: boolean; pay?: boolean; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `u${randomBytes(5).toString('hex')}@example.com`;
  payHash ??= hashPassword(PAY);
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      nickname: email.slice(0, 6),
      passwordHash: 'not-a-login',
      inviteCode: newInviteCode(10),
      kycBasic: options.kyc ? 'verified' : 'unverified',
      payPasswordHash: options.pay ? await payHash : null,
    })
    .returning({ id: users.id });
  const token = newToken();
  // Born on the test's clock: sessions end 30 days unused and 90 in all (SESSION_*_DAYS).
  const now = t.app.clock.now();
  await t.db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now });
  return { id: user!.id, token, email };
}

/** A saved withdraw address written straight to the database. */
export async function seedAddress(t: MoneyApp, userId: number, coinId = 3, network = 'TRC20') {
  const [row] = await t.db
    .insert(withdrawAddresses)
    .values({ userId, coinId, network, address: `T${randomBytes(16).toString('hex')}` })
    .returning({ id: withdrawAddresses.id });
  return row!.id;
}

type Role = 'admin' | 'reviewer' | 'support';
/** Where operators are made: a money app (its database at hand) or the harness's test app. */
type OperatorApp = Pick<TestApp, 'app' | 'clock'> & { db?: Db };

/** The demo admin's token, or a new operator's of another role. */
export async function adminToken(t: OperatorApp, role: Role = 'admin') {
  if (role === 'admin') return operatorLogin(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return newOperatorToken(t, role);
}

/** A new operator of `role`, logged in: their id, email and token. */
export async function newOperator(t: OperatorApp, role: Role) {
  const email = `${role}-${randomBytes(4).toString('hex')}@demo.local`;
  const password = `${role}-password`;
  const [row] = await (t.db ?? t.app.db)
    .insert(admins)
    .values({ email, passwordHash: await hashPassword(password), role })
    .returning({ id: admins.id });
  return { id: row!.id, email, token: await operatorLogin(t, email, password) };
}

const newOperatorToken = async (t: OperatorApp, role: Role) => (await newOperator(t, role)).token;

async function operatorLogin(t: OperatorApp, email: string, password: string) {
  const { status, body } = await call(t.app, 'POST', 'admin/login', { email, password });
  expect(status).toBe(200);
  if (body.message.need_2fa_setup) return enrolOperator(t, body.message.ticket);
  return body.message.token as string;
}

/**
 * Another admin (a second person): approves what one admin's change leaves waiting for four
 * eyes (operator/pending-actions.ts).
 */
export const otherAdminToken = (t: OperatorApp): Promise<string> => newOperatorToken(t, 'admin');

/** Production mode: an operator's first login enrols an authenticator (tests act as the app). */
async function enrolOperator(t: OperatorApp, ticket: string) {
  const setup = await call(t.app, 'POST', 'admin/login/2fa/setup', { ticket });
  const code = totpCode(setup.body.message.secret, t.clock.now());
  const on = await call(t.app, 'POST', 'admin/login/2fa/enable', { ticket, code });
  expect(on.status).toBe(200);
  return on.body.message.token as string;
}

/** Deposits `amount` USDT (or another coin) through the real flow: report, operator pass. */
export async function deposit(
  app: App,
  user: { token: string },
  admin: string,
  amount: string,
  coin = { id: 3, network: 'TRC20' },
) {
  const voucher = await upload(app, user.token);
  const req = await call(
    app,
    'POST',
    'wallet/charge_req',
    { currency_id: String(coin.id), network: coin.network, number: amount, voucher },
    auth(user.token),
  );
  expect(req.status).toBe(200);
  const pass = await call(
    app,
    'POST',
    `admin/deposits/${req.body.message.id}/pass`,
    {},
    auth(admin),
  );
  expect(pass.status).toBe(200);
  return req.body.message.id as number;
}

/**
 * The tests' one user with money: written to the database (`seedUser`, with `kyc` and `pay`),
 * `amount` USDT deposited through the real flow and passed by `admin` (nothing for '0'), then moved
 * to the `to` sub-account when given.
 */
export async function fundedUser(
  t: MoneyApp,
  admin: string,
  amount: string,
  options: { kyc?: boolean; pay?: boolean; to?: 'options' | 'contract' | 'trust' } = {},
): Promise<TestUser> {
  const user = await seedUser(t, { kyc: options.kyc, pay: options.pay });
  if (amount !== '0') await deposit(t.app, user, admin, amount);
  if (options.to) {
    const moved = await call(
      t.app,
      'POST',
      'wallet/change',
      { from: 'currency', to: options.to, currency_id: '3', number: amount },
      auth(user.token),
    );
    expect(moved.status).toBe(200);
  }
  return user;
}

export interface Payee extends TestUser {
  /** A saved TRC20 address of theirs. */
  addressId: number;
}

/** `fundedUser` verified, with the fund password PAY and a saved TRC20 address: ready to withdraw. */
export async function payee(t: MoneyApp, admin: string, amount: string): Promise<Payee> {
  const user = await fundedUser(t, admin, amount, { kyc: true, pay: true });
  return { ...user, addressId: await seedAddress(t, user.id) };
}

/** Balances of one coin per sub-account, from `wallet/list`. */
export async function balances(app: App, token: string, currencyId = 3) {
  const { body } = await call(app, 'POST', 'wallet/list', {}, auth(token));
  const out: Record<string, { available: string; frozen: string }> = {};
  for (const sub of ['currency', 'options', 'contract', 'trust']) {
    const item = body.message[sub].find(
      (c: { currency_id: number }) => c.currency_id === currencyId,
    );
    out[sub] = { available: item.available, frozen: item.frozen };
  }
  return out;
}

/** Every money test ends here: the books balance. */
export async function expectBalanced(app: App, admin: string) {
  const { status, body } = await call(app, 'GET', 'admin/ledger/check', {}, auth(admin));
  expect(status).toBe(200);
  expect(body.message.mismatched).toEqual([]);
  expect(body.message.balanced).toBe(true);
}
