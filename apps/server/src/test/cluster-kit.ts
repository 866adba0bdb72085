import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** A database of its own on the test PostgreSQL, dropped by `drop()`. */
export async function scratchDatabase(baseUrl: string) {
  const name = `hx_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  health(): Promise<{ process: string; owns: string[] } | null>;
  kill(signal: NodeJS.Signals): void;
}

/** One server process of the cluster (the real main.ts) on a free loopback port. */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // A few thousand bars of chart history a symbol, not 28,000: written in seconds.
      HISTORY_DAYS: '1min:1,5min:3,30min:10,60min:20',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FILE: join(dataDir, 'server.log'),
      RATE_LIMIT_ALLOW: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}/api`;
  async function health() {
    const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) }).catch(
      () => null,
    );
    if (!response?.ok) return null;
    return ((await response.json()) as { message: { process: string; owns: string[] } }).message;
  }
  return {
    port,
    base,
    child,
    health,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(child.pid, signal);
    },
  };
}

/** Waits until `check` answers something truthy, or throws after `ms`. */
export async function until<T>(
  check: () => Promise<T | null | false | undefined>,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A JSON call to one process; the envelope's message, or the error code. */
export async function api(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ ok: boolean; message?: unknown; code?: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json()) as { type: string; message?: unknown; code?: string };
  return { ok: json.type === 'ok', message: json.message, code: json.code };
}
