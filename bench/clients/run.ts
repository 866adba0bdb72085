// A benchmark's clients in a process of their own, so their work is not counted as the server's:
// reads {address, tokens, seconds, warmup, workload, options} from argv[2] (JSON), runs every
// client's requests back to back for `warmup` seconds and then `seconds` more, says "measuring"
// on stderr between the two, prints {latencies by kind, failures, cpuMs} of the second part.
import { Agent, request } from 'node:http';
import { WORKLOADS, type Workload, type WorkloadOptions } from './workloads.ts';

const { address, tokens, seconds, warmup, workload, options } = JSON.parse(process.argv[2]!) as {
  /** One server, or several (client k talks to the k-th mod n): a cluster's processes. */
  address: string | string[];
  tokens: string[];
  seconds: number;
  /** Seconds run first and not counted: connections opened, code compiled, accounts created. */
  warmup: number;
  workload: Workload;
  options: WorkloadOptions;
};

// node:http with kept-alive connections: fetch costs the load generator several times the CPU,
// and on a small machine the clients' CPU is taken from the server's.
const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });

function post(
  base: string,
  path: string,
  token: string,
  body: string,
  key?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/api/${path}`, base),
      {
        agent,
        method: 'POST',
        headers: {
          authorization: token,
          ...(key ? { 'idempotency-key': key } : {}),
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

const latencies: Record<string, number[]> = {};
const failures: Record<string, string> = {};
let failed = 0;
let cpu = process.cpuUsage();
const measureFrom = performance.now() + warmup * 1000;
const deadline = Date.now() + (warmup + seconds) * 1000;
setTimeout(() => {
  cpu = process.cpuUsage();
  process.stderr.write('measuring\n');
}, warmup * 1000);
await Promise.all(
  tokens.map(async (token, index) => {
    const client = WORKLOADS[workload](index, options);
    const base = Array.isArray(address) ? address[index % address.length]! : address;
    for (let i = 0; Date.now() < deadline; i++) {
      const call = client.next(i);
      const started = performance.now();
      const body = new URLSearchParams(call.fields).toString();
      const { status, text } = await post(base, call.path, token, body, call.key);
      const counted = started >= measureFrom;
      if (counted) (latencies[call.kind] ??= []).push(performance.now() - started);
      client.answered(call, status, text);
      // A failure counts in the warm-up too: the books and the answers must be right throughout.
      if (status !== 200) {
        failed++;
        failures[call.kind] ??= text.slice(0, 160);
      }
    }
  }),
);
agent.destroy();
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(
  JSON.stringify({ latencies, failed, failures, cpuMs: (user + system) / 1000 }),
);
