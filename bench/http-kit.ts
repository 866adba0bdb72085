// Shared by the HTTP benchmarks: the real app on a loopback port over a fresh database, users
// with sessions and balances, a closed loop of concurrent clients, and percentiles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, openDatabase, sessions, users, type Database } from '@hx/db';
import { checkLedger, post } from '@hx/ledger';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newInviteCode, newToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seed } from '../apps/server/src/seed.ts';

/** Every benchmark's clients are on this machine (RATE_LIMIT_ALLOW). */
export const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** The embedded database in memory (as the tests run it) or on disk (as `npm start` runs it). */
export type Engine = 'pglite' | 'pglite-disk' | 'postgres';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface BenchApp {
  app: App;
  address: string;
  database: Database;
  close(): Promise<{ balanced: boolean }>;
}

/** The whole server on a fresh database of `engine` (PostgreSQL at TEST_DATABASE_URL). */
export async function startApp(engine: Engine): Promise<BenchApp> {
  process.env.HX_TEST_DB = engine === 'postgres' ? 'postgres' : '';
  const dataDir = engine === 'pglite-disk' ? mkdtempSync(join(tmpdir(), 'hx-bench-')) : null;
  const database = dataDir ? await openDatabase({ dataDir }) : await freshDatabase();
  // The load comes from this machine: not held to the per-address request limits.
  const config = { ...loadConfig({}), mode: 'demo' as const, rateLimitAllow: LOOPBACK };
  await seed(database.db, config);
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    address,
    database,
    async close() {
      const books = await checkLedger(database.db);
      await app.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      return { balanced: books.balanced };
    },
  };
}

/** `count` users with a session each and `balances` (coin → amount) in their spot account. */
export async function benchUsers(
  database: Database,
  count: number,
  balances: Record<number, string>,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `bench${i}@example.com`,
        nickname: `b${i}`,
        passwordHash: 'x',
        inviteCode: newInviteCode(10),
      })
      .returning({ id: users.id });
    const token = newToken();
    await database.db.insert(sessions).values({ userId: user!.id, tokenHash: sha256(token) });
    await post(database.db, {
      kind: 'deposit',
      lines: Object.entries(balances).flatMap(([coin, amount]) => [
        { account: { platform: 'treasury' as const, coin: Number(coin) }, amount: `-${amount}` },
        { account: { user: user!.id, sub: 'currency' as const, coin: Number(coin) }, amount },
      ]),
    });
    tokens.push(token);
  }
  return tokens;
}

/**
 * Every client sends `request(client, i)` back to back until the time is up; returns the
 * latencies (ms, sorted) and how many answers were not 200.
 */
export async function closedLoop(
  address: string,
  tokens: string[],
  seconds: number,
  request: (client: number, i: number) => { path: string; method: string; body: URLSearchParams },
): Promise<{ latencies: number[]; failures: number; firstFailure?: string }> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, client) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const { path, method, body } = request(client, i);
        const started = performance.now();
        const response = await fetch(`${address}/api/${path}`, {
          method,
          headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        const text = await response.text();
        latencies.push(performance.now() - started);
        if (response.status !== 200) {
          failures++;
          firstFailure ??= text;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, failures, firstFailure };
}
