import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, type Database } from '@hx/db';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { auth, type MoneyApp, fundedUser } from '../wallet/test-kit.ts';

/**
 * Options tests: apps that share one database and one manual clock, so a test can stop a server
 * and start another (a restart) or run two side by side (two settlement workers).
 */
export interface OptionsWorld {
  db: Database;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  /** A server on the shared database; closed by `close()`. */
  server(): Promise<App>;
  close(): Promise<void>;
}

export const SYMBOL = 'BTCUSDT';

export async function optionsWorld(): Promise<OptionsWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-options-'));
  const config = { ...loadConfig({}), dataDir };
  const db = await freshDatabase();
  await seed(db.db, config);
  const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
  const apps: App[] = [];
  return {
    db,
    clock,
    config,
    async server() {
      const app = await buildApp({ config, database: db, clock, market: { symbols: [SYMBOL] } });
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shape test-kit helpers take, for one server of the world. */
export const asMoneyApp = (w: OptionsWorld, app: App): MoneyApp => ({
  app,
  clock: w.clock,
  config: w.config,
  db: w.db.db,
  close: () => app.close(),
});

/** Records a BTCUSDT tick at `time` (epoch ms) the way the market source does. */
export async function tick(app: App, time: number, price: string) {
  app.market.ingest([{ symbol: SYMBOL, time, price, volume: '1.00000' }]);
  await app.market.flush();
}

/** A KYC-verified user with `amount` USDT in the options account (deposit, pass, transfer). */
export function optionsUser(t: MoneyApp, admin: string, amount = '100', kyc = true) {
  return fundedUser(t, admin, amount, { kyc, to: 'options' });
}

export function buy(
  app: App,
  token: string,
  type: 'call' | 'put' | 'even',
  number = '10',
  seconds = '30',
) {
  return call(
    app,
    'POST',
    'microtrade/submit',
    { symbol: SYMBOL, type, seconds, currency_id: '3', number },
    auth(token),
  );
}
