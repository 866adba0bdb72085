// Transfers through the HTTP API: C concurrent clients each moving USDT between their own
// `currency` and `options` accounts with POST /api/wallet/change, for a fixed time, against the
// real app on a loopback port. Reports transfers per second and latency p50/p99 on the embedded
// database and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Run: npm run bench:ledger -- [clients=50] [seconds=15]
import { freshDatabase, sessions, users } from '@hx/db';
import { post } from '@hx/ledger';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { newInviteCode, newToken, sha256 } from '../../apps/server/src/lib/tokens.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { checkLedger } from '@hx/ledger';

const [clientsArg = '50', secondsArg = '15'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(engine: 'pglite' | 'postgres') {
  process.env.HX_TEST_DB = engine === 'postgres' ? 'postgres' : '';
  const database = await freshDatabase();
  const config = { ...loadConfig({}), mode: 'demo' as const };
  await seed(database.db, config);
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // One user per client, each with 1,000,000 USDT in the currency account.
  const tokens: string[] = [];
  for (let i = 0; i < clients; i++) {
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
      lines: [
        { account: { platform: 'treasury', coin: 3 }, amount: '-1000000' },
        { account: { user: user!.id, sub: 'currency', coin: 3 }, amount: '1000000' },
      ],
    });
    tokens.push(token);
  }

  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      let forward = true;
      while (Date.now() < deadline) {
        const body = new URLSearchParams({
          from: forward ? 'currency' : 'options',
          to: forward ? 'options' : 'currency',
          currency_id: '3',
          number: '1.5',
        });
        const started = performance.now();
        const response = await fetch(`${address}/api/wallet/change`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures++;
        forward = !forward;
      }
    }),
  );
  const books = await checkLedger(database.db);
  await app.close();
  await database.close();
  latencies.sort((a, b) => a - b);
  return {
    engine,
    transfers: latencies.length,
    failures,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    balanced: books.balanced,
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
