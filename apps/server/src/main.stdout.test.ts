import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

// The real server process, whose stdout is a pipe the test never reads: logging must never
// stop it answering, and SIGTERM must still end it.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const started: { child: ChildProcessByStdio<null, Readable, null>; dataDir: string }[] = [];

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-stdout-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_FILE: '',
      MODE: 'demo',
      LOG_LEVEL: 'info', // a line per request and per answer
      // No simulated takers or maker: nothing here trades, and they load a busy machine more.
      DEMO_FLOW: 'off',
      MARKET_MAKER: 'off',
      RATE_LIMIT_ALLOW: '127.0.0.1', // 1,400 requests a minute from here: not held to the limit
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.pause(); // never read: once the buffers are full, every write finds the pipe full
  started.push({ child, dataDir });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const health = `http://127.0.0.1:${port}/api/health`;
  // A first start (migrations, demo seed) before it answers: about 20 s of CPU; two at once
  // beside CI's other test files have taken over 90 s.
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await fetch(health, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    if (response?.ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  /** `count` health checks, 8 at a time; each must be answered (a hung server never is). */
  async function call(count: number) {
    let slowest = 0;
    for (let i = 0; i < count; i += 8) {
      const times = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const start = Date.now();
          const response = await fetch(health, { signal: AbortSignal.timeout(5000) });
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          return Date.now() - start;
        }),
      );
      slowest = Math.max(slowest, ...times);
    }
    return slowest;
  }
  /** Sends SIGTERM; resolves with how the process ended, or 'still running' after 10 s. */
  async function stop() {
    const start = Date.now();
    child.kill('SIGTERM');
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 10_000),
    );
    const end = await Promise.race([exited, timeout]);
    return { end, ms: Date.now() - start };
  }
  return { child, call, stop };
}

afterAll(() => {
  for (const { child, dataDir } of started) {
    if (child.exitCode === null && child.signalCode === null && child.pid)
      process.kill(child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// About 380 bytes of log per request: 1,200 requests (450 KB) are well over what the pipe holds
// (the kernel's socket buffer, about 200 KB, and the test's read buffer).
const STALL_REQUESTS = 1200;

// Not again on PostgreSQL: the database plays no part here.
describe.skipIf(process.env.HX_TEST_DB === 'postgres')(
  'a server whose stdout reader stalls',
  () => {
    it.concurrent(
      'keeps answering, then ends on SIGTERM while the pipe is still full',
      async () => {
        const server = await startServer();
        expect(await server.call(STALL_REQUESTS)).toBeLessThan(5000);
        // The test's side of the pipe stopped reading: its buffer is at the high-water mark.
        expect(server.child.stdout.readableLength).toBeGreaterThanOrEqual(
          server.child.stdout.readableHighWaterMark,
        );
        const { end } = await server.stop();
        expect(end).toEqual({ code: 0, signal: null });
      },
      360_000,
    );

    it.concurrent(
      'keeps answering after the reader goes away, then ends on SIGTERM',
      async () => {
        const server = await startServer();
        expect(await server.call(STALL_REQUESTS)).toBeLessThan(5000);
        server.child.stdout.destroy(); // the reader goes away: writes now fail with EPIPE
        expect(await server.call(200)).toBeLessThan(5000);
        const { end } = await server.stop();
        expect(end).toEqual({ code: 0, signal: null });
      },
      360_000,
    );
  },
);
