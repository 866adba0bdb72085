import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import type { LeverService } from './service.ts';

const security = [{ token: [] }];

export const leverRoutes: FastifyPluginAsyncZod<{ service: LeverService }> = async (
  app,
  { service },
) => {
  app.route({
    ...routeOf(endpoints.leverDeal, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await service.deal(userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.leverSubmit, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await service.submit(userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.leverClose, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await service.close(userContextOf(request, { idempotent: true }), request.body.id)),
  });

  app.route({
    ...routeOf(endpoints.leverCloseAll, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok({ list: await service.closeAll(userContextOf(request), request.body) }),
  });

  app.route({
    ...routeOf(endpoints.leverCancel, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await service.cancel(userContextOf(request), request.body.id)),
  });

  app.route({
    ...routeOf(endpoints.leverSetStop, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await service.setStop(userContextOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.leverPositions, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await service.list(userOf(request).id, request.body)),
  });
};
