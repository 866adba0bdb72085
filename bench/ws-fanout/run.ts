// Fan-out of the live socket: one server process (the real app on a loopback port) publishing
// `tickers`, N clients in separate processes subscribed to it; messages delivered per second and
// delivery latency (publish → client) p50/p99.
// Run: npm run bench:ws -- [counts=1000,5000,10000] [seconds=20] [rate=1] [processes=2]
// Bounded: every run has a deadline and kills its processes. Loopback only.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [countsArg = '1000,5000,10000', secondsArg = '20', rateArg = '1', procArg = '2'] =
  process.argv.slice(2);
const counts = countsArg.split(',').map(Number);
const seconds = Number(secondsArg);
const rate = Number(rateArg);
const processes = Number(procArg);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

type Msg = Record<string, unknown> & { type: string };

const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const proc of children) proc.kill('SIGKILL');
    process.exit(1);
  });
}

/** A child running `script` under tsx, with the open-files limit raised to the hard limit. */
function child(script: string, env: Record<string, string>): ChildProcess {
  const proc = fork(here(script), [], {
    execPath: 'bash',
    execArgv: ['-c', 'ulimit -n "$(ulimit -Hn)" && exec node --import tsx "$0"'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  proc.on('error', (err) => console.error(`${script}: ${err.message}`));
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

function next(proc: ChildProcess, type: string, timeoutMs: number): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no '${type}' within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (msg: Msg) => {
      if (msg.type !== type) return;
      clearTimeout(timer);
      proc.off('message', onMessage);
      resolve(msg);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) =>
      reject(new Error(`process exited (${code}) waiting for '${type}'`)),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(count: number) {
  const server = child('./server.ts', { RATE: String(rate) });
  const all: ChildProcess[] = [server];
  try {
    const { url } = (await next(server, 'listening', 60_000)) as { url: string } & Msg;
    const per = Math.ceil(count / processes);
    const clients = Array.from({ length: processes }, (_, i) =>
      child('./clients.ts', { URL: url, COUNT: String(Math.min(per, count - i * per)) }),
    );
    all.push(...clients);
    const connectStarted = performance.now();
    await Promise.all(clients.map((c) => next(c, 'ready', 120_000)));
    const connectMs = performance.now() - connectStarted;
    const tell = (type: string) => all.forEach((proc) => proc.send({ type }, () => undefined));
    tell('start');
    await sleep(seconds * 1000);
    tell('stop');
    const reports = await Promise.all(all.map((proc) => next(proc, 'report', 30_000)));
    const [serverReport, ...clientReports] = reports as [Msg, ...Msg[]];
    const histogram = new Array<number>(60_001).fill(0);
    let messages = 0;
    let gaps = 0;
    let closed = 0;
    for (const r of clientReports) {
      messages += r.messages as number;
      gaps += r.gaps as number;
      closed += r.closed as number;
      (r.histogram as number[]).forEach((n, ms) => (histogram[ms]! += n));
    }
    const quantile = (q: number) => {
      let seen = 0;
      for (let ms = 0; ms < histogram.length; ms++) {
        seen += histogram[ms]!;
        if (seen >= q * messages) return ms;
      }
      return NaN;
    };
    return {
      clients: count,
      connectS: +(connectMs / 1000).toFixed(1),
      msgsPerS: Math.round(messages / seconds),
      p50Ms: quantile(0.5),
      p99Ms: quantile(0.99),
      maxMs: quantile(1),
      gaps,
      closed,
      publishP50Ms: +(serverReport.publishP50 as number).toFixed(1),
      publishP99Ms: +(serverReport.publishP99 as number).toFixed(1),
      serverRssMb: serverReport.rssMb,
    };
  } finally {
    for (const proc of all) if (proc.connected) proc.send({ type: 'exit' }, () => undefined);
    await sleep(1000);
    for (const proc of all) if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}

console.log(
  `ws fan-out: tickers at ${rate}/s, ${seconds} s per run, clients in ${processes} processes`,
);
const rows = [];
for (const count of counts) {
  const row = await run(count);
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.table(rows);
