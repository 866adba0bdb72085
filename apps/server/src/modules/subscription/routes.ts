import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import {
  projectDetail,
  projectList,
  recommended,
  subscribe,
  subscriptionConfig as config,
  subscriptionList,
} from './service.ts';

const security = [{ token: [] }];

/** New-coin subscription: projects are public, subscribing and records need a session. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.subscriptionConfig),
    handler: async () => ok(config(app)),
  });

  app.route({
    ...routeOf(endpoints.subscriptionProjects),
    handler: async (request) =>
      ok(
        request.query.id
          ? await projectDetail(app, request.query.id, request.lang)
          : await projectList(app, request.query, request.lang),
      ),
  });

  app.route({
    ...routeOf(endpoints.subscriptionRecommended),
    handler: async (request) => ok(await recommended(app, request.lang)),
  });

  app.route({
    ...routeOf(endpoints.subscriptionSubscribe, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await subscribe(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.subscriptionOrders, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await subscriptionList(app, userOf(request).id, request.query)),
  });
};
