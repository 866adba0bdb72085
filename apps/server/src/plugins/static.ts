import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** The built mobile app at /h5/ (and / redirects there). */
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
});
