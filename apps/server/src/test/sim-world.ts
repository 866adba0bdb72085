import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, sessions, users, withdrawAddresses, type Database, type Db } from '@hx/db';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { manualClock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newInviteCode, newToken, sha256 } from '../lib/tokens.ts';
import type { PriceBook } from '../modules/coins/prices.ts';
import { DEMO_ADMIN, seed } from '../seed.ts';
import { call } from './harness.ts';
import { samplePng } from '../modules/upload/sample-images.ts';

/**
 * The simulation's world: one database that outlives the app, so a step can close the app and
 * open a new one on the same data (a restart). Free of vitest so the bench can run it too.
 */
export interface World {
  app: App;
  db: Db;
  clock: ReturnType<typeof manualClock>;
  admin: string;
  restarts: number;
  restart(): Promise<void>;
  /** A fresh operator session (they last 12 hours; the simulation moves days). */
  relogin(): Promise<void>;
  close(): Promise<void>;
}

/** BTC has a recorded price (conversions need one); every other coin none. */
const PRICES: PriceBook = {
  last: (symbol) => (symbol === 'BTCUSDT' ? { price: '65000.5', time: 1_700_000_000_000 } : null),
};

export const PAY = '246810';

async function login(app: App): Promise<string> {
  const { status, body } = await call(app, 'POST', 'admin/login', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  if (status !== 200) throw new Error(`admin login failed: ${JSON.stringify(body)}`);
  return body.message.token as string;
}

export async function openWorld(): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-sim-'));
  // The simulated users drive load from one address (the bench runs it at 100x).
  const config: Config = { ...loadConfig({}), dataDir, rateLimitAllow: ['127.0.0.1'] };
  const database: Database = await freshDatabase();
  await seed(database.db, config);
  const clock = manualClock(new Date());
  // Market data for BTCUSDT only: options need its recorded ticks (see `tick`).
  const open = () =>
    buildApp({ config, database, clock, prices: PRICES, market: { symbols: ['BTCUSDT'] } });
  const app = await open();
  const world: World = {
    app,
    db: database.db,
    clock,
    admin: await login(app),
    restarts: 0,
    async restart() {
      await world.app.close();
      world.app = await open();
      world.admin = await login(world.app);
      world.restarts += 1;
    },
    async relogin() {
      world.admin = await login(world.app);
    },
    async close() {
      await world.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** Records a BTCUSDT tick now, as the market source does: options and contracts price from it. */
export async function tick(world: World, price: string) {
  world.app.market.ingest([
    { symbol: 'BTCUSDT', time: world.clock.now().getTime(), price, volume: '1.00000' },
  ]);
  await world.app.market.flush();
  await world.app.lever.triggers.idle(); // stops and liquidations on this tick have settled
}

export interface SimUser {
  id: number;
  token: string;
  addressId: number;
  voucher: string;
}

let payHash: Promise<string> | undefined;

/** A verified user with a fund password, a saved USDT address and an uploaded voucher. */
export async function simUser(world: World, index: number): Promise<SimUser> {
  payHash ??= hashPassword(PAY);
  const email = `sim${index}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await world.db
    .insert(users)
    .values({
      email,
      nickname: `sim${index}`,
      passwordHash: 'not-a-login',
      inviteCode: newInviteCode(10),
      kycBasic: 'verified',
      payPasswordHash: await payHash,
    })
    .returning({ id: users.id });
  const token = newToken();
  const now = world.clock.now();
  await world.db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now });
  const [address] = await world.db
    .insert(withdrawAddresses)
    .values({
      userId: user!.id,
      coinId: 3,
      network: 'TRC20',
      address: `T${randomBytes(16).toString('hex')}`,
    })
    .returning({ id: withdrawAddresses.id });
  return {
    id: user!.id,
    token,
    addressId: address!.id,
    voucher: await uploadVoucher(world, token),
  };
}

/** A tiny PNG through POST /api/upload, as the app sends a deposit voucher. */
async function uploadVoucher(world: World, token: string): Promise<string> {
  const png = Buffer.concat([samplePng(8, 8), randomBytes(16)]);
  const boundary = `----sim${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`;
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().message.url as string;
}
