// Shared by the HTTP benchmarks: the real app on a loopback port over a fresh database, users
// with sessions and balances, a closed loop of concurrent clients, and percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, openDatabase, sessions, users, type Database } from '@hx/db';
import { checkLedger, post } from '@hx/ledger';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newInviteCode, newToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seed } from '../apps/server/src/seed.ts';
import type { Workload, WorkloadOptions } from './clients/workloads.ts';

/** Every benchmark's clients are on this machine (RATE_LIMIT_ALLOW). */
export const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** The embedded database in memory (as the tests run it) or on disk (as `npm start` runs it). */
export type Engine = 'pglite' | 'pglite-disk' | 'postgres';

/**
 * The databases a bench runs on: `BENCH_ENGINES` (e.g. `pglite-disk,postgres`), by default both
 * embedded ones, and PostgreSQL when TEST_DATABASE_URL is set.
 */
export const benchEngines = (): Engine[] =>
  (process.env.BENCH_ENGINES?.split(',') as Engine[] | undefined) ?? [
    'pglite',
    'pglite-disk',
    ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
  ];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface BenchApp {
  app: App;
  address: string;
  database: Database;
  /** While set, each request's time inside the server (read to answer sent), in ms. */
  inside: number[] | null;
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
  const bench: BenchApp = {
    app,
    address,
    database,
    inside: null,
    async close() {
      const books = await checkLedger(database.db);
      await app.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      return { balanced: books.balanced };
    },
  };
  // Beside fastify's own listener: only watches. The rest of a client's latency is queueing
  // (for the server's event loop, for the CPU the clients share) and the clients' own work.
  app.server.on('request', (_request, response) => {
    const start = performance.now();
    response.on('finish', () => bench.inside?.push(performance.now() - start));
  });
  return bench;
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

export interface LoopResult {
  /** Every latency (ms, sorted), and by kind of request. */
  latencies: number[];
  byKind: Map<string, number[]>;
  failures: number;
  firstFailures: Record<string, string>;
  /** Each request's time inside the server (ms, sorted). */
  inside: number[];
  /** CPU the server's process and the clients' process used (ms). */
  serverCpuMs: number;
  clientCpuMs: number;
}

export interface ClientsResult {
  latencies: Record<string, number[]>;
  failed: number;
  failures: Record<string, string>;
  cpuMs: number;
}

/**
 * Seconds the clients run before the measured ones (BENCH_WARMUP, default 5): about what V8 and
 * the embedded database's WebAssembly take to compile the hot code with their optimizing tiers.
 * A server in use has long done so (docs/performance.md, 2026-12-06, fifth session).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

/** What a run's figures cover, for its printed header. */
export const timed = (seconds: number) =>
  `${seconds} s measured after a ${WARMUP} s warm-up (BENCH_WARMUP)`;

/**
 * The clients' process (bench/clients/run.ts) against one server or several (a cluster): a
 * warm-up, then `seconds` measured; `onMeasuring` is called between the two, so the caller's
 * own counters (CPU, time inside the server) cover the same seconds as the latencies.
 */
export async function runClients(
  address: string | string[],
  tokens: string[],
  seconds: number,
  workload: Workload,
  options: WorkloadOptions = {},
  onMeasuring: () => void = () => {},
): Promise<ClientsResult> {
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    new URL('./clients/run.ts', import.meta.url).pathname,
    JSON.stringify({ address, tokens, seconds, warmup: WARMUP, workload, options }),
  ]);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    if (err.includes('measuring\n')) {
      err = err.replace('measuring\n', '');
      onMeasuring();
    }
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), (WARMUP + seconds + 60) * 1000);
  await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  if (!out) throw new Error(`the clients' process failed: ${err.slice(0, 500)}`);
  return JSON.parse(out) as ClientsResult;
}

/**
 * Every client sends its workload's requests back to back until the time is up, from a process
 * of its own (bench/clients/run.ts) so the server's process only serves.
 * BENCH_PROFILE=<file> writes a CPU profile of the server while the clients run.
 */
export async function closedLoop(
  bench: BenchApp,
  tokens: string[],
  seconds: number,
  workload: Workload,
  options: WorkloadOptions = {},
  profileName = 'server',
): Promise<LoopResult> {
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  let cpu = process.cpuUsage();
  const result = await runClients(bench.address, tokens, seconds, workload, options, () => {
    cpu = process.cpuUsage();
    bench.inside = [];
  });
  const used = process.cpuUsage(cpu);
  const inside = (bench.inside ?? []).sort((a, b) => a - b);
  bench.inside = null;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(
      `${process.env.BENCH_PROFILE}.${profileName}.cpuprofile`,
      JSON.stringify(profile),
    );
    profiler.disconnect();
  }
  const byKind = new Map(
    Object.entries(result.latencies).map(([kind, list]) => [kind, list.sort((a, b) => a - b)]),
  );
  return {
    latencies: [...byKind.values()].flat().sort((a, b) => a - b),
    byKind,
    failures: result.failed,
    firstFailures: result.failures,
    inside,
    serverCpuMs: (used.user + used.system) / 1000,
    clientCpuMs: result.cpuMs,
  };
}
