// Every money path at once through the HTTP API: C clients, each running in turn a transfer, a
// conversion, an option order, a contract open and its close, and a finance buy, for a fixed
// time, against the real app on a loopback port. Reports operations/s, p50/p99 per kind, and the
// server's CPU per operation; checks the books at the end.
// Runs on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL too.
// Run: npm run bench:ledger-mixed -- [clients=50] [seconds=15]
import { eq } from 'drizzle-orm';
import { financeProducts, users } from '@hx/db';
import { post } from '@hx/ledger';
import { benchUsers, percentile, startApp, type Engine } from '../http-kit.ts';

const [clientsArg = '50', secondsArg = '15'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);

type Kind = 'transfer' | 'convert' | 'option' | 'contract_open' | 'contract_close' | 'finance';
const KINDS: Kind[] = [
  'transfer',
  'convert',
  'option',
  'contract_open',
  'contract_close',
  'finance',
];

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

  const latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const failures = new Map<Kind, string>();
  let failed = 0;
  const cpu = process.cpuUsage();
  const deadline = Date.now() + seconds * 1000;
  const call = async (token: string, path: string, fields: Record<string, string>) => {
    const response = await fetch(`${bench.address}/api/${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, body: (await response.json()) as { message?: unknown } };
  };
  await Promise.all(
    tokens.map(async (token, client) => {
      let open: number | undefined;
      for (let i = client; Date.now() < deadline; i++) {
        let kind = KINDS[i % KINDS.length]!;
        if (kind === 'contract_close' && open === undefined) kind = 'transfer';
        const started = performance.now();
        const { path, fields } = request(kind, i, product?.id, open);
        const res = await call(token, path, fields);
        latencies.get(kind)!.push(performance.now() - started);
        if (res.status !== 200) {
          failed++;
          if (!failures.has(kind)) failures.set(kind, JSON.stringify(res.body).slice(0, 160));
        } else if (kind === 'contract_open') open = (res.body.message as { id: number }).id;
        else if (kind === 'contract_close') open = undefined;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  clearInterval(ticker);
  const { balanced } = await bench.close();
  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  for (const list of latencies.values()) list.sort((a, b) => a - b);
  return { engine, all, latencies, failed, failures, balanced, cpuUs: used.user + used.system };
}

function request(
  kind: Kind,
  i: number,
  product: number | undefined,
  open: number | undefined,
): { path: string; fields: Record<string, string> } {
  switch (kind) {
    case 'transfer':
      return {
        path: 'wallet/change',
        fields: { from: 'currency', to: 'options', currency_id: '3', number: '1.5' },
      };
    case 'convert':
      return {
        path: 'wallet/exchange',
        fields:
          i % 2 === 0
            ? { from_currency_id: '3', to_currency_id: '1', number: '100' }
            : { from_currency_id: '1', to_currency_id: '3', number: '0.001' },
      };
    case 'option':
      return {
        path: 'microtrade/submit',
        fields: { symbol: 'BTCUSDT', type: 'call', seconds: '60', currency_id: '3', number: '10' },
      };
    case 'contract_open':
      return {
        path: 'lever/submit',
        fields: { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '1', multiple: '10' },
      };
    case 'contract_close':
      return { path: 'lever/close', fields: { id: String(open) } };
    case 'finance':
      return {
        path: 'lh/deposit',
        fields: { product_id: String(product), amount: '1000', agree: '1' },
      };
  }
}

const results = [await run('pglite')];
if (process.env.TEST_DATABASE_URL) results.push(await run('postgres'));
console.log(`\n${clients} clients, ${seconds} s each, ${KINDS.join(' / ')} in turn\n`);
console.log('| database | ops/s | p50 ms | p99 ms | CPU ms/op | failed | books balanced |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${Math.round(r.all.length / seconds)} | ${percentile(r.all, 50).toFixed(1)} | ${percentile(r.all, 99).toFixed(1)} | ${(r.cpuUs / 1000 / r.all.length).toFixed(2)} | ${r.failed} | ${r.balanced} |`,
  );
}
for (const r of results) {
  console.log(`\n${r.engine}, by kind:`);
  for (const [kind, list] of r.latencies)
    if (list.length)
      console.log(
        `  ${kind}: ${list.length} ops, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
      );
  for (const [kind, body] of r.failures) console.log(`  first ${kind} failure: ${body}`);
}
