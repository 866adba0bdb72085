// The first minute after a first start: the real server (`main.ts`, demo mode) on a fresh
// DATA_DIR and a free port, polled until every quote has a price, BTCUSDT has 1-minute bars and
// its book has bids and asks. Prints each time from the process start and from "listening".
// Run: npm run bench:first-start -- [runs=1]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../apps/server/src/test/free-port.ts';

const root = new URL('../../', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 1);
const POLL_MS = 50;
const GIVE_UP_MS = 120_000;

async function get<T>(base: string, path: string): Promise<T | null> {
  try {
    const response = await fetch(`${base}/api/${path}`);
    const body = (await response.json()) as { type: string; message: T };
    return body.type === 'ok' ? body.message : null;
  } catch {
    return null; // not listening yet
  }
}

const checks = {
  quotes: async (base: string) => {
    const list = await get<{ price: string | null }[]>(base, 'currency/quotation_new?kind=all');
    return !!list && list.length > 0 && list.every((q) => q.price !== null);
  },
  klines: async (base: string) => {
    const bars = await get<unknown[]>(base, 'currency/kline?symbol=BTCUSDT&period=1min');
    return !!bars && bars.length > 0;
  },
  book: async (base: string) => {
    const deal = await get<{ bids: unknown[]; asks: unknown[] }>(
      base,
      'currency/deal?symbol=BTCUSDT',
    );
    return !!deal && deal.bids.length > 0 && deal.asks.length > 0;
  },
};
type Check = keyof typeof checks;

async function once() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-first-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MODE: '',
      RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const at: Partial<Record<Check | 'listening' | 'history', number>> = {};
  // Read every line (a pipe nobody reads would stall the server's logging).
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const t = performance.now() - started;
    if (at.listening === undefined && line.includes('Server listening')) at.listening = t;
    if (at.history === undefined && line.includes('market history back-filled')) at.history = t;
  });
  try {
    while (Object.keys(checks).some((c) => at[c as Check] === undefined)) {
      if (performance.now() - started > GIVE_UP_MS) throw new Error('gave up after 120 s');
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      await Promise.all(
        (Object.keys(checks) as Check[])
          .filter((c) => at[c] === undefined)
          .map(async (c) => {
            if (await checks[c](base)) at[c] ??= performance.now() - started;
          }),
      );
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    // The back-fill may still be running: wait a little for its log line, for the record.
    const until = performance.now() + 60_000;
    while (at.history === undefined && performance.now() < until) {
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    if (server.pid !== undefined && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
    const kill = setTimeout(() => server.pid && process.kill(server.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return at;
}

const s = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(2)} s`);
for (let i = 0; i < runs; i++) {
  const at = await once();
  const sinceListening = (ms: number | undefined) =>
    ms === undefined || at.listening === undefined ? undefined : ms - at.listening;
  console.log(`run ${i + 1}: listening after ${s(at.listening)}`);
  for (const [name, label] of [
    ['quotes', 'every quote has a price'],
    ['klines', 'BTCUSDT 1min bars'],
    ['book', 'BTCUSDT bids and asks'],
    ['history', 'history back-filled'],
  ] as const) {
    console.log(
      `  ${label.padEnd(26)} ${s(at[name]).padStart(8)} from start, ${s(sinceListening(at[name])).padStart(8)} from listening`,
    );
  }
}
