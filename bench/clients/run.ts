// A benchmark's clients in a process of their own, so their work is not counted as the server's:
// reads {address, tokens, seconds, workload, options} from argv[2] (JSON), runs every client's
// requests back to back until the time is up, prints {latencies by kind, failures, cpuMs}.
import { Agent, request } from 'node:http';
import { WORKLOADS, type Workload, type WorkloadOptions } from './workloads.ts';

const { address, tokens, seconds, workload, options } = JSON.parse(process.argv[2]!) as {
  /** One server, or several (client k talks to the k-th mod n): a cluster's processes. */
  address: string | string[];
  tokens: string[];
  seconds: number;
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
const cpu = process.cpuUsage();
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  tokens.map(async (token, index) => {
    const client = WORKLOADS[workload](index, options);
    const base = Array.isArray(address) ? address[index % address.length]! : address;
    for (let i = 0; Date.now() < deadline; i++) {
      const call = client.next(i);
      const started = performance.now();
      const body = new URLSearchParams(call.fields).toString();
      const { status, text } = await post(base, call.path, token, body, call.key);
      (latencies[call.kind] ??= []).push(performance.now() - started);
      client.answered(call, status, text);
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
