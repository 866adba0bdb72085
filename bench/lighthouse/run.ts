// `npm run bench:lighthouse`: Lighthouse 12 with its default mobile settings (Moto G Power
// emulation, simulated slow 4G) against the real server process on a fresh database, on every tab
// (home, trade, derivatives, finance, assets), the kline page, the security centre and the
// notification centre (logged in as the demo user where the page needs it). Prints each page's
// scores and metrics against the targets and writes them between the markers in
// docs/performance.md; exits 1 when a page misses a target.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = new URL('../../', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 8481);
// As a phone reaches a real install (TLS in front, HTTP/2: one connection for the app's many
// small files), or BENCH_PROTOCOL=http1 as `npm start` serves it (plain HTTP/1.1).
const protocol = process.env.BENCH_PROTOCOL === 'http1' ? 'http1' : 'h2';
const base = `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 1);

const PAGES = [
  { name: 'home', route: '/pages/index/index', login: false },
  { name: 'trade', route: '/pages/trade/index', login: false },
  { name: 'kline', route: '/pages/trade/kline?symbol=BTCUSDT', login: false },
  { name: 'derivatives', route: '/pages/lever/index', login: true },
  { name: 'finance', route: '/pages/template/index', login: false },
  { name: 'assets', route: '/pages/assets/index', login: true },
  { name: 'security', route: '/pages/settings/security/index', login: true },
  { name: 'notifications', route: '/pages/notifications/index', login: true },
];

/** Issue 35's bar for every page on Lighthouse's mobile defaults. */
const TARGET = { performance: 95, accessibility: 95, bestPractices: 100, lcpMs: 1500 };

function misses(r: Row): string[] {
  return [
    r.performance < TARGET.performance && `performance ${r.performance} < ${TARGET.performance}`,
    r.accessibility < TARGET.accessibility &&
      `accessibility ${r.accessibility} < ${TARGET.accessibility}`,
    r.bestPractices < TARGET.bestPractices &&
      `best practices ${r.bestPractices} < ${TARGET.bestPractices}`,
    r.lcp > TARGET.lcpMs && `LCP ${s(r.lcp)} > ${s(TARGET.lcpMs)}`,
  ].filter((m): m is string => typeof m === 'string');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function api<T>(path: string, body?: Record<string, string>): Promise<T> {
  const response = await fetch(`${base}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const json = (await response.json()) as { type: string; message: T };
  if (json.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.message;
}

if (!existsSync(join(root, 'apps/h5/dist/index.html')) || process.argv.includes('--build')) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'hx-lighthouse-'));
const tls: Record<string, string> = {};
if (protocol === 'h2') {
  // A throwaway self-signed certificate (Debian's openssl), trusted by this process and the
  // browser it starts only.
  tls.TLS_CERT_FILE = join(dataDir, 'cert.pem');
  tls.TLS_KEY_FILE = join(dataDir, 'key.pem');
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-keyout', tls.TLS_KEY_FILE, '-out', tls.TLS_CERT_FILE],
  ]);
  if (made.status !== 0) throw new Error('openssl could not make a certificate');
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'ignore'],
  env: {
    ...process.env,
    ...tls,
    PORT: String(port),
    DATA_DIR: dataDir,
    MODE: 'demo',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
  },
});
// A first start back-fills market history beside the live market; measuring while it runs would
// measure the back-fill's use of the CPU.
let backfilled = false;
server.stdout.on('data', (chunk: Buffer) => {
  if (chunk.toString().includes('market history back-filled')) backfilled = true;
});
// Whatever ends this process, the server it started ends too.
process.on('exit', () => {
  if (server.exitCode === null) server.kill('SIGKILL');
});
let chrome: chromeLauncher.LaunchedChrome | undefined;

try {
  await until('the server', () => api('health'));
  await until('live prices', async () => {
    const quotes = await api<{ price: string }[]>('currency/quotation_new');
    return quotes.length > 0 && quotes.every((q) => Number(q.price) > 0) ? true : undefined;
  });
  await until('the history back-fill', async () => (backfilled ? true : undefined), 300_000);
  const login = await api<{ token: string; user: unknown }>('user/login', {
    account: 'demo@demo.local',
    password: 'demo123456',
  });
  const version = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const session = JSON.stringify({ token: login.token, user: login.user, version });

  chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      ...(protocol === 'h2' ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  /** A cold start for every page: no cache, no service worker, storage empty but the session. */
  async function prepare(loggedIn: boolean) {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    if (loggedIn) {
      await page.goto(`${base}/api/health`);
      await page.evaluate(`localStorage.setItem('hx.session', ${JSON.stringify(session)})`);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'cache_storage,service_workers,indexeddb,cookies',
      });
      await cdp.send('Network.clearBrowserCache');
    }
    await page.close();
  }

  const results: Row[] = [];
  // BENCH_PAGES=home,trade measures some pages only (and then leaves docs/performance.md alone).
  const only = process.env.BENCH_PAGES?.split(',');
  for (const target of PAGES.filter((p) => !only || only.includes(p.name))) {
    const samples: Row[] = [];
    for (let i = 0; i < runs; i++) {
      await prepare(target.login);
      const result = await lighthouse(`${base}/h5/#${target.route}`, {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error',
        disableStorageReset: true,
      });
      if (!result) throw new Error(`no result for ${target.name}`);
      // BENCH_REPORTS=<dir> keeps each run's full report, to see what a page loads and why.
      if (process.env.BENCH_REPORTS) {
        mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
        writeFileSync(
          join(process.env.BENCH_REPORTS, `${target.name}-${i}.json`),
          String(result.report),
        );
      }
      samples.push(rowOf(target.name, result.lhr));
    }
    // The median run by performance score (Lighthouse's own advice for noisy machines).
    samples.sort((a, b) => a.performance - b.performance);
    const row = samples[Math.floor(samples.length / 2)]!;
    results.push(row);
    console.log(format(row));
  }
  await browser.disconnect();
  if (!only) record(results);
  const missed = results.flatMap((r) => misses(r).map((m) => `${r.page}: ${m}`));
  console.log(
    missed.length ? `Targets missed:\n  ${missed.join('\n  ')}` : 'Every page meets its targets.',
  );
  if (missed.length) process.exitCode = 1;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await Promise.race([new Promise((r) => server.once('exit', r)), sleep(10_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  transferKiB: number;
  jsKiB: number;
  unusedJsKiB: number;
  failing: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function rowOf(page: string, lhr: Lhr): Row {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = (id: string) =>
    (audit(id)?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const js = items('network-requests')
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const failing = ['accessibility', 'best-practices']
    .flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    transferKiB: numeric('total-byte-weight') / 1024,
    jsKiB: js / 1024,
    unusedJsKiB:
      ((audit('unused-javascript')?.details as { overallSavingsBytes?: number } | undefined)
        ?.overallSavingsBytes ?? 0) / 1024,
    failing,
  };
}

function s(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}
function kib(n: number) {
  return `${Math.round(n)} KiB`;
}

function format(r: Row): string {
  return (
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${s(r.fcp)} | ` +
    `${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.si)} | ` +
    `${kib(r.transferKiB)} | ${kib(r.jsKiB)} | ${kib(r.unusedJsKiB)} | ` +
    `${r.failing.join(', ') || '—'} |`
  );
}

function record(rows: Row[]) {
  const file = join(root, 'docs/performance.md');
  const start = `<!-- lighthouse-${protocol}:start -->`;
  const end = `<!-- lighthouse-${protocol}:end -->`;
  const [one, five] = loadavg();
  const table = [
    start,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ` +
      `\`npm run bench:lighthouse\` (Lighthouse 12, default mobile settings, ` +
      `${protocol === 'h2' ? 'HTTPS with HTTP/2' : 'plain HTTP/1.1'}, ` +
      `${runs === 1 ? 'one run' : `median of ${runs} runs`} per page; load average ` +
      `${one!.toFixed(1)} / ${five!.toFixed(1)} at the end).`,
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | speed index | transferred | JS | unused JS | audits not passed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(format),
    end,
  ].join('\n');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(start);
  const next =
    at >= 0
      ? text.slice(0, at) + table + text.slice(text.indexOf(end) + end.length)
      : `${text.trimEnd()}\n\n### Lighthouse, ${protocol === 'h2' ? 'HTTP/2' : 'HTTP/1.1'}\n${table}\n`;
  writeFileSync(file, next);
  console.log('Written to docs/performance.md.');
}
