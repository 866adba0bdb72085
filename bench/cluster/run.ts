// Several server processes on one PostgreSQL and NATS (issue 22): for 1, 2 and 3 processes, C
// clients (spread over the processes) place limit orders for a fixed time, on BTCUSDT alone (one
// owner: the other processes forward) and over every pair (each pair's owner writes it), while
// S socket clients (spread too) follow every pair's trades; then one process is killed with
// SIGKILL and the time until its pairs have a new owner is measured. Needs TEST_DATABASE_URL;
// NATS at NATS_URL (default nats://127.0.0.1:4222). Each run has a database of its own.
// Run: npm run bench:cluster -- [clients=50] [seconds=10] [sockets=60]   (BENCH_PROCESSES=1,2,3)
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { openDatabase } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { SYMBOLS } from '@hx/market';
import { Decimal } from '@hx/money';
import { benchUsers, percentile, runClients } from '../http-kit.ts';
import type { Workload, WorkloadOptions } from '../clients/workloads.ts';
import {
  api,
  scratchDatabase,
  startProcess,
  until,
  type ServerProcess,
} from '../../apps/server/src/test/cluster-kit.ts';

const [clientsArg = '50', secondsArg = '10', socketsArg = '60'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);
const sockets = Number(socketsArg);
const counts = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL (PostgreSQL)');

/** CPU time of a process so far (ms), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 Hz
}

type Pairs = NonNullable<WorkloadOptions['pairs']>;

/** Every spot pair: 21 prices ±0.5% around its catalogue price, and about 60 USDT a order. */
async function spreadPairs(base: string): Promise<{ pairs: Pairs; bases: number[] }> {
  const list = (await api(base, 'GET', '/coin/pairs')).message as {
    symbol: string;
    tick: string;
    step: string;
    base_currency_id: number;
    amount_decimals: number;
  }[];
  const pairs: Pairs = [];
  for (const p of list) {
    const spec = SYMBOLS.find((s) => s.symbol === p.symbol);
    if (!spec) continue;
    const mid = new Decimal(spec.startPrice);
    const tick = new Decimal(p.tick);
    const prices = Array.from({ length: 21 }, (_, i) =>
      mid
        .mul(new Decimal(0.995).plus(new Decimal(0.0005).mul(i)))
        .div(tick)
        .floor()
        .mul(tick)
        .toFixed(tick.decimalPlaces()),
    );
    const amount = Decimal.max(
      new Decimal(60).div(mid).toDecimalPlaces(p.amount_decimals, Decimal.ROUND_DOWN),
      new Decimal(p.step),
    ).toFixed();
    pairs.push({ symbol: p.symbol, prices, amount });
  }
  return { pairs, bases: list.map((p) => p.base_currency_id) };
}

async function measure(n: number) {
  const db = await scratchDatabase(process.env.TEST_DATABASE_URL!);
  const procs: ServerProcess[] = [];
  try {
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      MODE: 'demo',
      DEMO_FLOW: 'off',
      MARKET_MAKER: 'off',
      LOG_LEVEL: 'warn',
    };
    procs.push(await startProcess(env)); // the first migrates and seeds; the others join it
    await until(() => procs[0]!.health(), 120_000, 'the first process');
    for (let i = 1; i < n; i++) procs.push(await startProcess(env));
    const owners = async () => {
      const owned = (await Promise.all(procs.map((p) => p.health()))).map((h) => h?.owns ?? []);
      const spot = owned.map((o) => o.filter((r) => r.startsWith('spot:')).length);
      const even = Math.max(...spot) - Math.min(...spot) <= 1; // given back after the others joined
      return even && spot.reduce((a, b) => a + b, 0) >= 11 ? spot : null;
    };
    const spread = await until(owners, 60_000, 'every pair owned, by every process');
    const database = await openDatabase({ url: db.url, dataDir: '' });
    const { pairs, bases } = await spreadPairs(procs[0]!.base);
    const balances: Record<number, string> = { 3: '100000000' };
    for (const coin of bases) balances[coin] = '100000';
    const tokens = await benchUsers(database, clients, balances);
    const addresses = procs.map((p) => `http://127.0.0.1:${p.port}`);

    // Socket clients on every process, following every pair's trades.
    let frames = 0;
    const ws = Array.from({ length: sockets }, (_, i) => {
      const socket = new WebSocket(`ws://127.0.0.1:${procs[i % n]!.port}/ws`);
      socket.on('open', () => {
        for (const p of pairs) socket.send(JSON.stringify({ op: 'sub', ch: `trades.${p.symbol}` }));
      });
      socket.on('message', (data) => {
        if (data.toString().startsWith('{"ch"')) frames++;
      });
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const rows = [];
    for (const [label, workload, options] of [
      ['BTCUSDT', 'order', {}],
      ['every pair', 'spread', { pairs }],
    ] as [string, Workload, WorkloadOptions][]) {
      let before = procs.map((p) => cpuMs(p.child.pid!));
      let framesBefore = frames;
      const result = await runClients(addresses, tokens, seconds, workload, options, () => {
        before = procs.map((p) => cpuMs(p.child.pid!));
        framesBefore = frames;
      });
      const cpu = procs.reduce((sum, p, i) => sum + cpuMs(p.child.pid!) - before[i]!, 0);
      const latencies = Object.values(result.latencies)
        .flat()
        .sort((a, b) => a - b);
      rows.push({
        label,
        perSecond: Math.round(latencies.length / seconds),
        p50: percentile(latencies, 50).toFixed(1),
        p99: percentile(latencies, 99).toFixed(1),
        cpuUs: Math.round((cpu * 1000) / Math.max(1, latencies.length)),
        framesPerSecond: Math.round((frames - framesBefore) / seconds),
        failed: result.failed,
        firstFailure: Object.values(result.failures)[0],
      });
    }
    for (const socket of ws) socket.terminate();

    // Failover: the owner of BTCUSDT dies; how long until another process owns it.
    let failoverMs: number | null = null;
    if (n > 1) {
      const owner = await until(
        async () => {
          for (const p of procs) if ((await p.health())?.owns.includes('spot:BTCUSDT')) return p;
          return null;
        },
        10_000,
        'the owner of BTCUSDT',
      );
      const killedAt = Date.now();
      owner.kill('SIGKILL');
      const rest = procs.filter((p) => p !== owner);
      await until(
        async () => {
          for (const p of rest) if ((await p.health())?.owns.includes('spot:BTCUSDT')) return true;
          return false;
        },
        20_000,
        'a new owner',
      );
      failoverMs = Date.now() - killedAt;
    }
    const { balanced } = await checkLedger(database.db);
    await database.close();
    return { n, spread, rows, failoverMs, balanced };
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const p of procs) p.kill('SIGKILL');
    await db.drop().catch(() => undefined);
  }
}

const results = [];
for (const n of counts) results.push(await measure(n));
console.log(`\n${clients} clients, ${sockets} sockets, ${seconds} s per workload\n`);
console.log(
  '| processes | pairs owned | orders on | orders/s | p50 ms | p99 ms | server CPU µs/order | socket frames/s | failed | failover | books balanced |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  for (const row of r.rows) {
    console.log(
      `| ${r.n} | ${r.spread.join(' / ')} | ${row.label} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.cpuUs} | ${row.framesPerSecond} | ${row.failed} | ${r.failoverMs === null ? '—' : `${r.failoverMs} ms`} | ${r.balanced} |`,
    );
    if (row.firstFailure) console.log(`first failure: ${row.firstFailure}`);
  }
