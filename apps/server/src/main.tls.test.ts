import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { freePort } from './test/free-port.ts';

// The real server process with TLS_CERT_FILE and TLS_KEY_FILE: HTTPS with HTTP/2 for the app and
// the API, HTTP/1.1 still for older clients and the socket's upgrade. The certificate is made
// here (Debian's openssl) and thrown away with the folder.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let dir = '';
let child: ChildProcess | undefined;
let origin = '';

/** One HTTP/2 request: its status, headers and body. */
function http2Get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const session = connect(origin, { rejectUnauthorized: false });
      session.on('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let head: Record<string, unknown> = {};
      stream.on('response', (h) => (head = h));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        session.close();
        resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) });
      });
      stream.on('error', reject);
      stream.end();
    },
  );
}

/** One HTTPS request over HTTP/1.1. */
function http1Get(path: string) {
  return new Promise<{ status: number; version: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, version: response.httpVersion }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// Not again on PostgreSQL: the database plays no part here.
describe.skipIf(process.env.HX_TEST_DB === 'postgres')('a server with a certificate', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hx-tls-'));
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    // The tests run before the app is built: a page of its own stands in for it.
    const h5 = join(dir, 'h5');
    mkdirSync(h5);
    writeFileSync(join(h5, 'index.html'), '<!doctype html><div id="root"></div>');
    const port = await freePort();
    origin = `https://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: '',
        MODE: 'demo',
        // No simulated takers or maker: nothing here trades, and they load a busy machine more.
        DEMO_FLOW: 'off',
        MARKET_MAKER: 'off',
        LOG_LEVEL: 'warn',
        TLS_CERT_FILE: cert,
        TLS_KEY_FILE: key,
        H5_DIST: h5,
      },
      stdio: 'ignore',
    });
    // A first start migrates a new embedded database: about a minute when the machine is busy.
    const deadline = Date.now() + 150_000;
    for (;;) {
      const up = await http1Get('/api/health').catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 180_000);

  afterAll(() => {
    if (child?.pid && child.exitCode === null && child.signalCode === null)
      process.kill(child.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the app and the API over HTTP/2, compressed', async () => {
    const page = await http2Get('/h5/');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.body.toString()).toContain('<div id="root">');
    const quotes = await http2Get('/api/currency/quotation_new', { 'accept-encoding': 'br' });
    expect(quotes.status).toBe(200);
    expect(quotes.headers['content-encoding']).toBe('br');
    expect(String(quotes.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('still answers HTTP/1.1 and upgrades the live socket', async () => {
    expect(await http1Get('/api/health')).toEqual({ status: 200, version: '1.1' });
    const socket = new WebSocket(`${origin.replace('https', 'wss')}/ws`, {
      rejectUnauthorized: false,
    });
    const first = await new Promise<string>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ op: 'sub', ch: 'tickers' })));
      socket.on('message', (data: Buffer) => resolve(data.toString()));
      socket.on('error', reject);
    });
    socket.close();
    expect(JSON.parse(first)).toEqual({ op: 'subbed', ch: 'tickers' });
  });
});

describe('TLS settings', () => {
  it('take both files or neither', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }).tls).toEqual({
      certFile: 'c.pem',
      keyFile: 'k.pem',
    });
    expect(() => loadConfig({ TLS_CERT_FILE: 'c.pem' })).toThrow(/TLS_KEY_FILE/);
  });
});
