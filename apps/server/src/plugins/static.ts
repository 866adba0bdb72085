import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** The built mobile app at /h5/ (and / redirects there) and the operator console at /admin/. */
export const staticApps = fp(async (app) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/h5/'));
  const dist = app.config.h5Dist;
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/h5/',
      decorateReply: false,
      index: 'index.html',
    });
    app.get('/h5', { schema: { hide: true } }, (_request, reply) => reply.redirect('/h5/'));
  } else {
    app.get('/h5/*', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain')
        .status(503)
        .send('The mobile app is not built yet: run `npm run build` (npm start does it for you).'),
    );
  }
  // The operator console at /admin/ (hash routes: one index.html). It is not the API: the
  // operator API lives under /api/admin and checks every request itself.
  const admin = app.config.adminDist;
  if (existsSync(admin)) {
    await app.register(fastifyStatic, {
      root: admin,
      prefix: '/admin/',
      decorateReply: false,
      index: 'index.html',
    });
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
  } else {
    app.get('/admin/*', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain')
        .status(503)
        .send(
          'The operator console is not built yet: run `npm run build` (npm start does it for you).',
        ),
    );
  }
});
