import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { createKey, deleteKey, listKeys } from './service.ts';

const security = [{ token: [] }];

/** The user's API keys for programs (signed requests: plugin.ts, signed-request.ts). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.apiKeyCreate, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await createKey(app, userOf(request).id, request.body)),
  });

  app.route({
    ...routeOf(endpoints.apiKeyList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ list: await listKeys(app, userOf(request).id) }),
  });

  app.route({
    ...routeOf(endpoints.apiKeyDelete, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await deleteKey(app, userOf(request).id, request.params.id);
      return ok({});
    },
  });
};
