// The Binance-compatible API under load, in one run on one server (bench/binance-api/README.md):
// 1. signed place + cancel at C clients through POST/DELETE /api/v3/order, and the same
//    through our own API (POST/PUT /api/coin/trade): rates and p99 side by side;
// 2. order.place + order.cancel through the WebSocket API on C connections;
// 3. the diff depth stream to N sockets on one busy pair: delivery delay from the event's time.
// Run: npm run bench:binance-api -- [clients=50] [seconds=10] [sockets=1000]
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { apiKeys, sessions } from '@hx/db';
import { benchUsers, percentile, startApp, type BenchApp } from '../http-kit.ts';
import {
  newApiKey,
  newApiSecret,
  secretHashOf,
} from '../../apps/server/src/modules/api-keys/signing.ts';
import { sha256 } from '../../apps/server/src/lib/tokens.ts';

const [clientsArg = '50', secondsArg = '10', socketsArg = '1000'] = process.argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);
const sockets = Number(socketsArg);

interface Trader {
  token: string;
  key: string;
  secret: string;
}

/** Users with a session, BTC and USDT, and an HMAC key that may trade. */
async function traders(bench: BenchApp, count: number): Promise<Trader[]> {
  const { db } = bench.database;
  const tokens = await benchUsers(bench.database, count, { 1: '1000', 3: '100000000' });
  const out: Trader[] = [];
  for (const token of tokens) {
    const [session] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    const trader = { token, key: newApiKey(), secret: newApiSecret() };
    await db.insert(apiKeys).values({
      userId: session!.userId,
      label: 'bench',
      key: trader.key,
      secretHash: secretHashOf(trader.secret),
      permissions: 'read,trade',
      createdAt: new Date(),
    });
    out.push(trader);
  }
  return out;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1000 });

function http(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** A resting price: bids 20% under the market, so nothing fills and cancels always find it. */
const restingPrice = (i: number) => (48000 + (i % 500)).toFixed(2);

/** Each client runs `loop` back to back for `seconds`; latencies of every request (ms, sorted). */
async function closed(
  list: Trader[],
  loop: (c: Trader, n: number, i: number, lat: number[]) => Promise<void>,
) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    list.map(async (c, n) => {
      for (let i = 0; performance.now() < end; i++) await loop(c, n, i, latencies);
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** Refusals by answer (a loaded machine answers late: -1021 beyond the 60 s recvWindow). */
const failures = new Map<string, number>();

async function timedCall(lat: number[], work: () => Promise<{ status: number; text: string }>) {
  const start = performance.now();
  const { status, text } = await work();
  lat.push(performance.now() - start);
  if (status === 200) return text;
  failures.set(text.slice(0, 120), (failures.get(text.slice(0, 120)) ?? 0) + 1);
  return 'null'; // a refused call parses as null: counted above, skipped by its caller
}

async function binanceRest(bench: BenchApp, list: Trader[]) {
  const base = `${bench.address}/api/v3`;
  return closed(list, async (c, n, i, lat) => {
    const headers = { 'x-mbx-apikey': c.key, 'content-type': 'application/x-www-form-urlencoded' };
    const place = `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=${restingPrice(n + i)}&newOrderRespType=ACK&recvWindow=60000&timestamp=${Date.now()}`;
    const placed = JSON.parse(
      await timedCall(lat, () =>
        http(base, 'POST', '/order', headers, `${place}&signature=${sign(c.secret, place)}`),
      ),
    ) as { orderId: number } | null;
    if (!placed) return;
    const cancel = `symbol=BTCUSDT&orderId=${placed.orderId}&recvWindow=60000&timestamp=${Date.now()}`;
    await timedCall(lat, () =>
      http(base, 'DELETE', `/order?${cancel}&signature=${sign(c.secret, cancel)}`, headers),
    );
  });
}

let keys = 0;

async function ownApi(bench: BenchApp, list: Trader[]) {
  const base = `${bench.address}/api`;
  return closed(list, async (c, n, i, lat) => {
    const headers = { authorization: c.token, 'content-type': 'application/x-www-form-urlencoded' };
    const body = `symbol=BTCUSDT&side=buy&type=limit&price=${restingPrice(n + i)}&amount=0.001`;
    const placed = JSON.parse(
      await timedCall(lat, () =>
        http(
          base,
          'POST',
          '/coin/trade',
          { ...headers, 'idempotency-key': `${n}-${i}-${(keys += 1)}` },
          body,
        ),
      ),
    ) as { message: { id: number } } | null;
    if (!placed) return;
    await timedCall(lat, () =>
      http(base, 'PUT', '/coin/trade', headers, `id=${placed.message.id}`),
    );
  });
}

/** The WebSocket API: order.place then order.cancel, one connection per client. */
async function wsApi(bench: BenchApp, list: Trader[]) {
  const url = `${bench.address.replace('http', 'ws')}/ws-api/v3?returnRateLimits=false`;
  const conns = await Promise.all(
    list.map(
      () =>
        new Promise<{
          ws: WebSocket;
          waiting: Map<string, (m: { status: number; result: { orderId: number } }) => void>;
        }>((resolve, reject) => {
          const ws = new WebSocket(url);
          const waiting = new Map();
          ws.on('message', (raw) => {
            const m = JSON.parse(raw.toString());
            waiting.get(m.id)?.(m);
            waiting.delete(m.id);
          });
          ws.once('open', () => resolve({ ws, waiting }));
          ws.once('error', reject);
        }),
    ),
  );
  const ask = (
    n: number,
    c: Trader,
    id: string,
    method: string,
    params: Record<string, string | number>,
  ) => {
    const all = { ...params, apiKey: c.key, recvWindow: 60000, timestamp: Date.now() };
    const payload = Object.keys(all)
      .sort()
      .map((k) => `${k}=${all[k as keyof typeof all]}`)
      .join('&');
    const { ws, waiting } = conns[n]!;
    return new Promise<{ status: number; text: string }>((resolve) => {
      waiting.set(id, (m) => resolve({ status: m.status, text: JSON.stringify(m.result) }));
      ws.send(
        JSON.stringify({ id, method, params: { ...all, signature: sign(c.secret, payload) } }),
      );
    });
  };
  const lat = await closed(list, async (c, n, i, lat) => {
    const placed = JSON.parse(
      await timedCall(lat, () =>
        ask(n, c, `p${i}`, 'order.place', {
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT',
          timeInForce: 'GTC',
          quantity: '0.001',
          price: restingPrice(n + i),
          newOrderRespType: 'ACK',
        }),
      ),
    ) as { orderId: number } | null;
    if (!placed) return;
    await timedCall(lat, () =>
      ask(n, c, `c${i}`, 'order.cancel', { symbol: 'BTCUSDT', orderId: placed.orderId }),
    );
  });
  for (const { ws } of conns) ws.close();
  return lat;
}

/** Diff depth to `sockets` clients while the traders keep the book busy: delay from `E`. */
async function depthFanOut(bench: BenchApp, list: Trader[]) {
  const url = `${bench.address.replace('http', 'ws')}/stream/ws/btcusdt@depth@100ms`;
  const delays: number[] = [];
  let measuring = false;
  const open: WebSocket[] = [];
  for (let i = 0; i < sockets; i += 100)
    open.push(
      ...(await Promise.all(
        Array.from(
          { length: Math.min(100, sockets - i) },
          () =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(url);
              ws.on('message', (raw) => {
                if (measuring)
                  delays.push(Date.now() - (JSON.parse(raw.toString()) as { E: number }).E);
              });
              ws.once('open', () => resolve(ws));
              ws.once('error', reject);
            }),
        ),
      )),
    );
  measuring = true;
  const busy = await ownApi(bench, list.slice(0, 10));
  measuring = false;
  for (const ws of open) ws.close();
  return { delays: delays.sort((a, b) => a - b), changes: busy.length / 2 };
}

const row = (name: string, lat: number[]) => {
  const rate = Math.round(lat.length / 2 / seconds);
  return { name, rate, p50: percentile(lat, 50).toFixed(1), p99: percentile(lat, 99).toFixed(1) };
};

const bench = await startApp('pglite');
const list = await traders(bench, clients);
await binanceRest(bench, list.slice(0, 5)); // V8 and the database's plans warm up first
const results = [
  row('/api/v3/order (signed HMAC)', await binanceRest(bench, list)),
  row('/api/coin/trade (own API)', await ownApi(bench, list)),
  row('WebSocket API order.place/cancel', await wsApi(bench, list)),
];
const depth = await depthFanOut(bench, list);
const { balanced } = await bench.close();

console.log(
  `\n${clients} clients, ${seconds} s each, embedded database in memory; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log('| path | place+cancel pairs/s | p50 ms | p99 ms |');
console.log('|---|---|---|---|');
for (const r of results) console.log(`| ${r.name} | ${r.rate} | ${r.p50} | ${r.p99} |`);
console.log(
  `\ndiff depth to ${sockets} sockets (btcusdt@depth@100ms), ${depth.delays.length} events while ${Math.round(depth.changes / seconds)} place+cancel/s changed the book: delay from E p50 ${percentile(depth.delays, 50)} ms, p99 ${percentile(depth.delays, 99)} ms`,
);
console.log(`books balanced: ${balanced}`);
for (const [answer, count] of failures) console.log(`refused ${count}×: ${answer}`);
process.exit(0);
