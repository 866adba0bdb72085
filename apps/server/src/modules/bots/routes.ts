import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { botOf, listBots, startRecurring, stopBot } from './service.ts';

const security = [{ token: [] }];

/** Bots under /api/bots. */
export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.botsList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await listBots(app, userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.botsRecurring, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await startRecurring(app, userContextOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.botsDetail, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await botOf(app, userOf(request).id, request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.botsStop, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await stopBot(app, userContextOf(request), request.params.id)),
  });
};
