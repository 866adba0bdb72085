import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from '@hx/protocol';
import { DEFAULT_APP_NAME } from '../config.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The copies kept of each page, in the order preferred when a client takes both alike. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/**
 * Vite names the files under assets/ by their content, so they never change and are kept a
 * year; everything else (index.html, the service worker, the manifest, icons) is revalidated on
 * every use, so a new deployment is seen at once.
 */
function cachePolicy(root: string) {
  return (reply: FastifyReply, path: string) => {
    const hashed = relative(root, path).startsWith(`assets${sep}`);
    reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  };
}

/**
 * The app's page as this installation serves it: its name (APP_NAME) in the title and the splash,
 * and its name and mode in `<meta>`s, so the first screen is drawn from the page alone instead of
 * after a round trip to /api/config. The inline scripts are untouched (their CSP hashes hold).
 */
export function installationPage(html: string, name: string, mode: string): string {
  const safe = escapeHtml(name);
  return html
    .replace(
      /<meta charset="UTF-8" \/>/i,
      (charset) =>
        `${charset}\n    <meta name="application-name" content="${safe}" />` +
        `\n    <meta name="hx-mode" content="${escapeHtml(mode)}" />`,
    )
    .replace(`<title>${DEFAULT_APP_NAME}</title>`, `<title>${safe}</title>`)
    .replace(`<p>${DEFAULT_APP_NAME}</p>`, `<p>${safe}</p>`);
}

/** `page` at `paths`, from memory: compressed once, revalidated by its ETag on every visit. */
function servePage(app: FastifyInstance, paths: string[], page: string) {
  const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 16)}"`;
  const copies = { br: brotliCompressSync(page), gzip: gzipSync(page) };
  for (const url of paths)
    app.get(url, { schema: { hide: true } }, (request, reply) => {
      reply
        .header('cache-control', 'no-cache')
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      // A proxy that compresses may have weakened it (W/"…"); a client may send several.
      const seen = String(request.headers['if-none-match'] ?? '').split(',');
      if (seen.some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send();
      // By the header's q-values, as @fastify/static picks the hashed assets' copies.
      const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ENCODINGS);
      reply.type('text/html; charset=utf-8');
      // Already compressed: @fastify/compress leaves a reply with a content-encoding alone.
      if (encoding) return reply.header('content-encoding', encoding).send(copies[encoding]);
      return reply.send(page);
    });
}

/** A built app at `prefix`, or a 503 saying how to build it. */
async function serveApp(
  app: FastifyInstance,
  dist: string,
  prefix: string,
  missing: string,
  page?: (html: string) => string,
) {
  if (!existsSync(dist)) {
    app.get(`${prefix}*`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain').status(503).send(missing),
    );
    return;
  }
  const index = join(dist, 'index.html');
  if (page && existsSync(index))
    servePage(app, [prefix, `${prefix}index.html`], page(readFileSync(index, 'utf8')));
  await app.register(fastifyStatic, {
    root: dist,
    prefix,
    decorateReply: false,
    index: ['index.html'], // a list: with preCompressed, a plain string finds no index
    // The build writes .br and .gz beside each file; the one the client accepts is sent.
    preCompressed: true,
    cacheControl: false,
    setHeaders: cachePolicy(dist),
  });
  app.get(prefix.slice(0, -1), { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(prefix),
  );
}

/**
 * The install manifest with this installation's name (APP_NAME): the build writes the default,
 * and an operator renaming the exchange should not need a rebuild for the home-screen label.
 */
function serveManifest(app: FastifyInstance, dist: string) {
  const file = join(dist, 'manifest.webmanifest');
  if (!existsSync(file)) return;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const name = app.config.appName;
  // A home screen shows about 12 characters under the icon.
  const shortName = name.length <= 12 ? name : (name.split(' ')[0] ?? name).slice(0, 12);
  const body = JSON.stringify({ ...manifest, name, short_name: shortName });
  app.get('/h5/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(body),
  );
}

/** The built mobile app at /h5/ (and / redirects there) and the operator console at /admin/. */
export const staticApps = fp(async (app) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/h5/'));
  serveManifest(app, app.config.h5Dist);
  await serveApp(
    app,
    app.config.h5Dist,
    '/h5/',
    'The mobile app is not built yet: run `npm run build` (npm start does it for you).',
    (html) => installationPage(html, app.config.appName, app.config.mode),
  );
  // The operator console at /admin/ (hash routes: one index.html). It is not the API: the
  // operator API lives under /api/admin and checks every request itself.
  await serveApp(
    app,
    app.config.adminDist,
    '/admin/',
    'The operator console is not built yet: run `npm run build` (npm start does it for you).',
  );
});
