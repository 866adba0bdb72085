// The load of bench/orders in a process of its own, so the clients' work is not counted as the
// server's: reads {address, tokens, seconds, offset} from argv[2] (JSON), prints the latencies.
import { Agent, request } from 'node:http';

const { address, tokens, seconds } = JSON.parse(process.argv[2]!) as {
  address: string;
  tokens: string[];
  seconds: number;
};

function orderFields(client: number, i: number): URLSearchParams {
  const side = (client + i) % 2 === 0 ? 'buy' : 'sell';
  const offset = ((client * 7919 + i * 104729) % 601) - 300; // −300 … +300 → ±0.5%
  const price = (60000 + offset).toFixed(2);
  return new URLSearchParams({ symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.001' });
}

// node:http with kept-alive connections: fetch costs the load generator several times the CPU,
// and on a small machine the clients' CPU is taken from the server's.
const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
const url = new URL('/api/coin/trade', address);

function post(token: string, body: string, key: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          authorization: token,
          'idempotency-key': key,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const latencies: number[] = [];
let failures = 0;
let firstFailure: string | undefined;
const cpu = process.cpuUsage();
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  tokens.map(async (token, client) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const started = performance.now();
      const { status, text } = await post(
        token,
        orderFields(client, i).toString(),
        `${client}-${i}`,
      );
      latencies.push(performance.now() - started);
      if (status !== 200) {
        failures++;
        firstFailure ??= text;
      }
    }
  }),
);
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(
  JSON.stringify({ latencies, failures, firstFailure, cpuMs: (user + system) / 1000 }),
);
