// Transfers through the HTTP API: C concurrent clients each moving USDT between their own
// `currency` and `options` accounts with POST /api/wallet/change, for a fixed time, against the
// real app on a loopback port. Reports transfers per second and latency p50/p99 on the embedded
// database and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Run: npm run bench:ledger -- [clients=50] [seconds=15]
import { benchUsers, closedLoop, percentile, startApp, type Engine } from '../http-kit.ts';

const [clientsArg = '50', secondsArg = '15'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);

async function run(engine: Engine) {
  const bench = await startApp(engine);
  // One user per client, each with 1,000,000 USDT in the currency account.
  const tokens = await benchUsers(bench.database, clients, { 3: '1000000' });
  const { latencies, failures } = await closedLoop(bench.address, tokens, seconds, (_, i) => ({
    path: 'wallet/change',
    method: 'POST',
    body: new URLSearchParams({
      from: i % 2 === 0 ? 'currency' : 'options',
      to: i % 2 === 0 ? 'options' : 'currency',
      currency_id: '3',
      number: '1.5',
    }),
  }));
  const { balanced } = await bench.close();
  return {
    engine,
    transfers: latencies.length,
    failures,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    balanced,
  };
}

const results = [await run('pglite')];
if (process.env.TEST_DATABASE_URL) results.push(await run('postgres'));
console.log(`\n${clients} clients, ${seconds} s each\n`);
console.log('| database | transfers/s | p50 ms | p99 ms | failed | books balanced |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.failures} | ${r.balanced} |`,
  );
}
