import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freshDatabase } from '@hx/db';
import type { RecordItem } from '@hx/protocol';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { auth, PAY, type MoneyApp, type TestUser, payee } from './test-kit.ts';

/** An app on BTCUSDT with prices given tick by tick, so conversions, options and contracts run. */
export async function recordsApp(): Promise<MoneyApp> {
  const clock = manualClock(new Date('2026-02-02T08:00:00Z'));
  const config = { ...loadConfig({}), dataDir: mkdtempSync(join(tmpdir(), 'hx-records-')) };
  const database = await freshDatabase();
  await seed(database.db, config);
  const app = await buildApp({ config, database, clock, market: { symbols: ['BTCUSDT'] } });
  return {
    app,
    clock,
    config,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** `kind amount state` of each record: what a user reads on the lines. */
export const lines = (list: RecordItem[]) => list.map((r) => `${r.kind} ${r.amount} ${r.state}`);

/** What the records tests do, on the app and operator token the test file holds. */
export function recordMoves(app: () => MoneyApp, admin: () => string) {
  /** One recorded BTCUSDT tick a second later, with the contract triggers run on it. */
  async function tick(price: string) {
    const t = app();
    t.clock.advance(1000);
    t.app.market.ingest([{ symbol: 'BTCUSDT', time: t.clock.now().getTime(), price, volume: '1' }]);
    await t.app.market.flush();
    await t.app.lever.triggers.idle();
  }

  const post = (user: TestUser, path: string, fields: Record<string, string> = {}) =>
    call(app().app, 'POST', path, fields, auth(user.token));
  const records = async (user: TestUser, fields: Record<string, string> = {}) => {
    const { status, body } = await call(
      app().app,
      'GET',
      'wallet/records',
      fields,
      auth(user.token),
    );
    expect(status).toBe(200);
    return body.message as { list: RecordItem[]; total: number; page: number };
  };
  const detail = (user: TestUser, kind: string, id: number | string) =>
    call(app().app, 'GET', 'wallet/record', { kind, id: String(id) }, auth(user.token));

  /** A verified user with a fund password, a TRC20 address and `amount` USDT deposited. */
  const funded = (amount: string) => payee(app(), admin(), amount);
  /** Each action a second after the last, so "newest first" has one answer. */
  const withdraw = (user: TestUser & { addressId: number }, number: string) =>
    later().then(() =>
      post(user, 'wallet/out', {
        currency_id: '3',
        address_id: String(user.addressId),
        number,
        pay_password: PAY,
      }),
    );
  const later = async () => app().clock.advance(1000);
  const decide = (id: number, verdict: 'pass' | 'reject') =>
    call(
      app().app,
      'POST',
      `admin/withdrawals/${id}/${verdict}`,
      verdict === 'reject' ? { reason: 'Address check failed' } : {},
      auth(admin()),
    );

  return { tick, post, records, detail, funded, withdraw, later, decide };
}
