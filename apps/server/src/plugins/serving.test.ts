import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness.ts';
import { inlineScriptHashes } from './security-headers.ts';

// A built app as Vite leaves it: a page with an inline script, a hashed asset, each with its
// brotli and gzip copies, and a service worker that is not hashed.
const THEME = "document.documentElement.dataset.theme = 'dark';";
const PAGE = `<!doctype html><html><head><meta charset="UTF-8" /><title>Honest Exchange</title>
<script>${THEME}</script>
<script type="module" crossorigin src="/h5/assets/entry-Ab12Cd34.js"></script></head>
<body><div id="root"><div class="hx-splash"><p>Honest Exchange</p></div></div></body></html>`;
const ENTRY = `console.log(${JSON.stringify('a live price '.repeat(200))});`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let dist: string;
let t: TestApp;
let secure: TestApp;
let named: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'hx-dist-'));
  mkdirSync(join(dist, 'assets'));
  const files = { 'index.html': PAGE, 'assets/entry-Ab12Cd34.js': ENTRY };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Honest Exchange', short_name: 'Honest', start_url: '/h5/' }),
  );
  t = await testApp({ h5Dist: dist, adminDist: join(dist, 'absent') });
  named = await testApp({ h5Dist: dist, appName: 'Northwind Digital Assets' });
  secure = await testApp({ h5Dist: dist, publicUrl: 'https://exchange.example' });
});
afterAll(async () => {
  await t.close();
  await secure.close();
  await named.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, encoding?: string) =>
  app.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built app', () => {
  it('names the installed app after this installation, without a rebuild', async () => {
    const response = await get(named, '/h5/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({
      name: 'Northwind Digital Assets',
      short_name: 'Northwind',
      start_url: '/h5/',
    });
    expect((await get(t, '/h5/manifest.webmanifest')).json()).toMatchObject({
      name: 'Honest Exchange',
      short_name: 'Honest',
    });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, kept a year', async () => {
    const response = await get(t, '/h5/assets/entry-Ab12Cd34.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const gzip = await get(t, '/h5/assets/entry-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(ENTRY.length / 4);
    const plain = await get(t, '/h5/assets/entry-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
  });

  it('has the page and the service worker revalidated on every visit', async () => {
    const page = await get(t, '/h5/', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain(`<script>${THEME}</script>`);
    expect(html).toContain('<meta name="application-name" content="Honest Exchange" />');
    const again = await t.app.inject({
      url: '/h5/',
      headers: { 'if-none-match': page.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weakened = await t.app.inject({
      url: '/h5/',
      headers: { 'if-none-match': `"old", W/${page.headers.etag}` },
    });
    expect(weakened.statusCode).toBe(304);
    const worker = await get(t, '/h5/sw.js', 'br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('takes the client at its word on encodings: one it refuses (q=0) is never sent', async () => {
    for (const url of ['/h5/', '/h5/assets/entry-Ab12Cd34.js']) {
      const gzip = await get(t, url, 'br;q=0, gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).length).toBeGreaterThan(0);
      expect((await get(t, url, 'gzip;q=1.0, br;q=0.1')).headers['content-encoding']).toBe('gzip');
      expect((await get(t, url, 'gzip;q=0.5, br')).headers['content-encoding']).toBe('br');
      const plain = await get(t, url, 'br;q=0, gzip;q=0');
      expect(plain.headers['content-encoding']).toBeUndefined();
    }
  });

  it("carries this installation's name and mode, so its first screen needs no round trip", async () => {
    const page = await get(named, '/h5/', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString();
    expect(html).toContain('<title>Northwind Digital Assets</title>');
    expect(html).toContain('<p>Northwind Digital Assets</p>');
    expect(html).toContain('<meta name="application-name" content="Northwind Digital Assets" />');
    expect(html).toMatch(/<meta name="hx-mode" content="(demo|production)" \/>/);
    expect(html).not.toContain('Honest Exchange');
    const plain = await get(named, '/h5/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    // The default page's copy does not answer for this one.
    const other = await get(t, '/h5/');
    const stale = await named.app.inject({
      url: '/h5/',
      headers: { 'if-none-match': other.headers.etag },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('says how to build an app that is not built', async () => {
    const response = await get(t, '/admin/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/npm run build/);
  });
});

describe('API answers', () => {
  it('are compressed from 1 KiB on, as the client accepts', async () => {
    const config = await get(t, '/api/config', 'gzip, br');
    expect(config.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(config.rawPayload).toString()).type).toBe('ok');
    expect((await get(t, '/api/config', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(t, '/api/config')).headers['content-encoding']).toBeUndefined();
  });

  it('are left as they are below 1 KiB', async () => {
    const health = await get(t, '/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().type).toBe('ok');
  });
});

describe('security headers', () => {
  it('allow only the inline scripts of the built pages, and no framing or sniffing', async () => {
    for (const url of ['/h5/', '/api/health', '/api/docs']) {
      const { headers } = await get(t, url);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${sha256(THEME)}`);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("let the page open the socket of the host it came from, and no other's", async () => {
    const ok = await t.app.inject({ url: '/h5/', headers: { host: 'exchange.test:8080' } });
    expect(ok.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://exchange.test:8080 wss://exchange.test:8080;",
    );
    const forged = await t.app.inject({ url: '/h5/', headers: { host: 'x;script-src *' } });
    expect(forged.headers['content-security-policy']).toContain("connect-src 'self' ;");
  });

  it('ask browsers to keep to https when PUBLIC_URL is https', async () => {
    const { headers } = await get(secure, '/api/health');
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(headers['content-security-policy']).toContain('wss://exchange.example');
  });

  it('hash an inline script as the browser parses it', () => {
    expect(inlineScriptHashes(`<script>a\r\nb</script><script src="/x.js"></script>`)).toEqual([
      sha256('a\nb'),
    ]);
  });
});
