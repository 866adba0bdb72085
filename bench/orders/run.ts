// Spot orders through the HTTP API: C concurrent clients placing limit orders on BTCUSDT with
// POST /api/coin/trade for a fixed time, each with its own Idempotency-Key as the app sends
// them, against the real app on a loopback port. Prices are spread ±0.5% around 60,000 so about
// half the orders cross and fill (maker/taker fees and ledger postings included). Reports orders
// per second, latency p50/p99 and CPU per order (server and load generator, which share the
// machine) on the embedded database in memory and on disk (as `npm start` runs it) and, when
// TEST_DATABASE_URL is set, on PostgreSQL; then checks the ledger.
// Run: npm run bench:orders -- [clients=50] [seconds=15]   (BENCH_PROFILE=<file> writes a CPU profile)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { benchUsers, percentile, startApp, type Engine } from '../http-kit.ts';

const [clientsArg = '50', secondsArg = '15'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);

async function run(engine: Engine) {
  const bench = await startApp(engine);
  const tokens = await benchUsers(bench.database, clients, { 1: '1000', 3: '100000000' });
  // The clients run in a process of their own: the server's process only serves.
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    new URL('./clients.ts', import.meta.url).pathname,
    JSON.stringify({ address: bench.address, tokens, seconds }),
  ]);
  // BENCH_PROFILE=<file>: a CPU profile of the server while the clients run.
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  const used = process.cpuUsage(cpu);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE}.${engine}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  const result = JSON.parse(out) as {
    latencies: number[];
    failures: number;
    firstFailure?: string;
    cpuMs: number;
  };
  result.latencies.sort((a, b) => a - b);
  const book = bench.app.spot.writers.get('BTCUSDT')!.book;
  const resting = book.size();
  const { balanced } = await bench.close();
  return {
    engine,
    orders: result.latencies.length,
    perSecond: Math.round(result.latencies.length / seconds),
    p50: percentile(result.latencies, 50).toFixed(1),
    p99: percentile(result.latencies, 99).toFixed(1),
    serverCpu: Math.round((used.user + used.system) / result.latencies.length),
    clientCpu: Math.round((result.cpuMs * 1000) / result.latencies.length),
    failures: result.failures,
    firstFailure: result.firstFailure,
    resting,
    balanced,
  };
}

// BENCH_ENGINES=pglite-disk,postgres picks; by default both embedded ones, and PostgreSQL when
// TEST_DATABASE_URL is set.
const engines = (process.env.BENCH_ENGINES?.split(',') as Engine[] | undefined) ?? [
  'pglite',
  'pglite-disk',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];
const results = [];
for (const engine of engines) results.push(await run(engine));
console.log(`\n${clients} clients, ${seconds} s each\n`);
console.log(
  '| database | orders/s | p50 ms | p99 ms | server CPU µs/order | clients CPU µs/order | failed | resting at end | books balanced |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.serverCpu} | ${r.clientCpu} | ${r.failures} | ${r.resting} | ${r.balanced} |`,
  );
  if (r.firstFailure) console.log(`first failure: ${r.firstFailure}`);
}
