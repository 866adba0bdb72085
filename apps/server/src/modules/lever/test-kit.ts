import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase, type Database } from '@hx/db';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { adminToken, auth, type MoneyApp, type TestUser, fundedUser } from '../wallet/test-kit.ts';

/**
 * An app on BTCUSDT only for the contract tests, prices given tick by tick (lots of 0.01 BTC,
 * fee 0.05%, spread 0.01%), first tick 65,000. Call at the top of a test file: it registers its
 * own beforeAll and afterAll. `t.app` may be replaced by `build()` to restart.
 */
export function leverTestApp(start: string) {
  const clock = manualClock(new Date(start));
  const config = { ...loadConfig({}), dataDir: mkdtempSync(join(tmpdir(), 'hx-lever-')) };
  let database: Database;
  const t = { clock, config, close: async () => undefined } as unknown as MoneyApp;
  const kit = { t, clock, admin: '' };
  const build = () => buildApp({ config, database, clock, market: { symbols: ['BTCUSDT'] } });

  /** One recorded tick a second later; resolves once the triggers have run on it. */
  async function tick(price: string, app: App = t.app): Promise<number> {
    clock.advance(1000);
    const time = clock.now().getTime();
    app.market.ingest([{ symbol: 'BTCUSDT', time, price, volume: '1' }]);
    await app.market.flush();
    await app.lever.triggers.idle();
    return time;
  }

  /** A user with `amount` USDT in the contract account, through deposit and transfer. */
  const funded = (amount = '1000'): Promise<TestUser> =>
    fundedUser(t, kit.admin, amount, { to: 'contract' });

  const lever = (user: TestUser, path: string, fields: Record<string, string> = {}) =>
    call(t.app, 'POST', `lever/${path}`, fields, auth(user.token));
  const open = (user: TestUser, fields: Record<string, string>) =>
    lever(user, 'submit', {
      symbol: 'BTCUSDT',
      side: 'long',
      type: 'market',
      lots: '2',
      multiple: '10',
      ...fields,
    });

  beforeAll(async () => {
    database = await freshDatabase();
    await seed(database.db, config);
    t.app = await build();
    t.db = database.db;
    kit.admin = await adminToken(t);
    await tick('65000');
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  return Object.assign(kit, { build, tick, funded, lever, open });
}
