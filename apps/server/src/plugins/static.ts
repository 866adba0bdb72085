import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

/** A built app at `prefix`, or a 503 saying how to build it. */
async function serveApp(app: FastifyInstance, dist: string, prefix: string, missing: string) {
  if (!existsSync(dist)) {
    app.get(`${prefix}*`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain').status(503).send(missing),
    );
    return;
  }
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
