// Transfers through the HTTP API: C concurrent clients each moving USDT between their own
// `currency` and `options` accounts with POST /api/wallet/change, for a fixed time, against the
// real app on a loopback port (the clients in a process of their own). Reports transfers per
// second, latency p50/p99 and the server's CPU per transfer on the embedded database (in memory
// and on disk) and, when TEST_DATABASE_URL is set, on PostgreSQL; then checks the books.
// Run: npm run bench:ledger -- [clients=50] [seconds=15]   (BENCH_ENGINES=pglite,postgres picks)
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
  // One user per client, each with 1,000,000 USDT in the currency account.
  const tokens = await benchUsers(bench.database, clients, { 3: '1000000' });
  const loop = await closedLoop(bench, tokens, seconds, 'transfer', {}, engine);
  const { balanced } = await bench.close();
  const { latencies } = loop;
  return {
    engine,
    failures: loop.failures,
    firstFailure: Object.values(loop.firstFailures)[0],
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    cpuUs: Math.round((loop.serverCpuMs * 1000) / latencies.length),
    balanced,
  };
}

const results = [];
for (const engine of benchEngines()) results.push(await run(engine));
console.log(`\n${clients} clients, ${timed(seconds)}\n`);
console.log(
  '| database | transfers/s | p50 ms | p99 ms | server CPU µs/transfer | failed | books balanced |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.cpuUs} | ${r.failures} | ${r.balanced} |`,
  );
  if (r.firstFailure) console.log(`first failure: ${r.firstFailure}`);
}
