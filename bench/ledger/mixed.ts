// Every money path at once through the HTTP API: C clients, each running in turn a transfer, a
// conversion, an option order, a contract open and its close, and a finance buy, for a fixed
// time, against the real app on a loopback port (the clients in a process of their own). Reports
// operations/s, p50/p99 per kind and inside the server, and the server's CPU per operation;
// checks the books at the end.
// Runs on the embedded database in memory and on disk and, when TEST_DATABASE_URL is set, on
// PostgreSQL too.
// Run: npm run bench:ledger-mixed -- [clients=50] [seconds=15]   (BENCH_ENGINES picks)
import { eq } from 'drizzle-orm';
import { financeProducts, users } from '@hx/db';
import { post } from '@hx/ledger';
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

const KINDS = ['transfer', 'convert', 'option', 'contract_open', 'contract_close', 'finance'];

async function run(engine: Engine) {
  const bench = await startApp(engine);
  const { app, database } = bench;
  const tokens = await benchUsers(database, clients, { 1: '100', 3: '100000000' });
  // Verified, with money in every sub-account the paths spend from.
  await database.db.update(users).set({ kycBasic: 'verified', kycAdvanced: 'verified' });
  const ids = (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);
  for (const id of ids)
    await post(database.db, {
      kind: 'deposit',
      lines: (['options', 'contract', 'trust'] as const).flatMap((sub) => [
        { account: { platform: 'treasury' as const, coin: 3 }, amount: '-10000000' },
        { account: { user: id, sub, coin: 3 }, amount: '10000000' },
      ]),
    });
  const [product] = await database.db
    .select()
    .from(financeProducts)
    .where(eq(financeProducts.coinId, 3))
    .limit(1);
  // A recorded price, as the market source records them: options and contracts price from it.
  const priceNow = () => {
    app.market.ingest([
      { symbol: 'BTCUSDT', time: Date.now(), price: '65000.00', volume: '1.00000' },
    ]);
    return app.market.flush();
  };
  await priceNow();
  const ticker = setInterval(() => void priceNow(), 500);

  const loop = await closedLoop(bench, tokens, seconds, 'mixed', { product: product?.id }, engine);
  clearInterval(ticker);
  const { balanced } = await bench.close();
  return {
    engine,
    all: loop.latencies,
    inside: loop.inside,
    latencies: loop.byKind,
    failed: loop.failures,
    failures: loop.firstFailures,
    balanced,
    cpuUs: loop.serverCpuMs * 1000,
  };
}

const results = [];
for (const engine of benchEngines()) results.push(await run(engine));
console.log(`\n${clients} clients, ${timed(seconds)}, ${KINDS.join(' / ')} in turn\n`);
console.log(
  '| database | ops/s | p50 ms | p99 ms | inside the server p50 / p99 ms | CPU ms/op | failed | books balanced |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const inside = `${percentile(r.inside, 50).toFixed(1)} / ${percentile(r.inside, 99).toFixed(1)}`;
  console.log(
    `| ${r.engine} | ${Math.round(r.all.length / seconds)} | ${percentile(r.all, 50).toFixed(1)} | ${percentile(r.all, 99).toFixed(1)} | ${inside} | ${(r.cpuUs / 1000 / r.all.length).toFixed(2)} | ${r.failed} | ${r.balanced} |`,
  );
}
for (const r of results) {
  console.log(`\n${r.engine}, by kind:`);
  for (const [kind, list] of r.latencies)
    if (list.length)
      console.log(
        `  ${kind}: ${list.length} ops, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
      );
  for (const [kind, body] of Object.entries(r.failures))
    console.log(`  first ${kind} failure: ${body}`);
}
