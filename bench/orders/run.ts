// Spot orders through the HTTP API: C concurrent clients placing limit orders on BTCUSDT with
// POST /api/coin/trade for a fixed time, each with its own Idempotency-Key as the app sends
// them, against the real app on a loopback port. Prices are spread ±0.5% around 60,000 so about
// half the orders cross and fill (maker/taker fees and ledger postings included). Reports orders
// per second, latency p50/p99 and CPU per order (server and load generator, which share the
// machine) on the embedded database in memory and on disk (as `npm start` runs it) and, when
// TEST_DATABASE_URL is set, on PostgreSQL; then checks the ledger.
// Run: npm run bench:orders -- [clients=50] [seconds=15]   (BENCH_PROFILE=<file> writes a CPU profile)
import {
  benchEngines,
  benchUsers,
  closedLoop,
  percentile,
  startApp,
  timed,
  type Engine,
} from '../http-kit.ts';

const [clientsArg = '50', secondsArg = '15'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);

async function run(engine: Engine) {
  const bench = await startApp(engine);
  const tokens = await benchUsers(bench.database, clients, { 1: '1000', 3: '100000000' });
  const loop = await closedLoop(bench, tokens, seconds, 'order', {}, engine);
  const { latencies } = loop;
  const book = bench.app.spot.writers.get('BTCUSDT')!.book;
  const resting = book.size();
  const { balanced } = await bench.close();
  return {
    engine,
    orders: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    serverCpu: Math.round((loop.serverCpuMs * 1000) / latencies.length),
    clientCpu: Math.round((loop.clientCpuMs * 1000) / latencies.length),
    failures: loop.failures,
    firstFailure: Object.values(loop.firstFailures)[0],
    resting,
    balanced,
  };
}

const results = [];
for (const engine of benchEngines()) results.push(await run(engine));
console.log(`\n${clients} clients, ${timed(seconds)}\n`);
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
