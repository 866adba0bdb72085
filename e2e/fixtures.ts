import { spawn, type ChildProcess } from 'node:child_process';
import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Each Playwright worker runs its own server (e2e/server.mjs: demo mode, a fresh embedded
 * database, its own copy of the built app) on the base port E2E_PORT plus its index, so the
 * workers' specs never see each other's users, operators or deployments.
 */
export const port =
  Number(process.env.E2E_PORT ?? 8181) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** This worker's server. */
export const baseURL = `http://127.0.0.1:${port}`;

/** This worker's server's data folder (e2e/server.mjs keeps anvil's address and the app there). */
export const dataDir = new URL(`../.test-results/e2e-data-${port}/`, import.meta.url);

/** A few seconds on a quiet machine; minutes when other work crowds its two cores. */
const STARTUP_MS = 300_000;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * True once the demo market has traded BTCUSDT: a fresh server's spot prices come from its own
 * trades, the first within seconds of the start on a quiet machine, later while the history is
 * still being written on a busy one. Tests begin on a market that has prices.
 */
async function traded(): Promise<boolean> {
  try {
    const response = await fetch(`${baseURL}/api/currency/futures_info?symbol=BTCUSDT`);
    const body = (await response.json()) as { message?: { price?: string | null } };
    return Number(body.message?.price) > 0;
  } catch {
    return false;
  }
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['e2e/server.mjs'], {
    cwd: new URL('..', import.meta.url).pathname,
    // Its stdin closes when this worker ends, however it ends: the server stops then too.
    env: { ...process.env, PORT: String(port), E2E_WORKER_PIPE: '1' },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  let exited = false;
  server.once('exit', () => (exited = true));
  for (const end = Date.now() + 150_000; Date.now() < end;) {
    if (exited) throw new Error(`the test server on port ${port} exited while starting`);
    if ((await healthy()) && (await traded())) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the test server on port ${port} did not answer with a BTCUSDT price in time`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Playwright's `test` with this worker's server, and `baseURL` pointing at it. */
export const test = base.extend<object, { server: void }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture names
    async ({}, use) => {
      const server = await startServer();
      try {
        await use();
      } finally {
        await stopServer(server);
      }
    },
    { scope: 'worker', auto: true, timeout: STARTUP_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => {
    void server;
    await use(baseURL);
  },
});
