import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { kycCenter, submitAdvanced, submitBasic } from './service.ts';

const security = [{ token: [] }];

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.kycBasic, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await submitBasic(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.kycAdvanced, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await submitAdvanced(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.kycCenter, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await kycCenter(app, userOf(request).id)),
  });
};
