import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import type { AlertService } from './service.ts';

const security = [{ token: [] }];

/** A user's price alerts: list, create, delete. Fired ones arrive as `price_alert` notifications. */
export const alertRoutes: FastifyPluginAsyncZod<{ service: AlertService }> = async (
  app,
  { service },
) => {
  const onRequest = app.authenticate;

  app.route({
    ...routeOf(endpoints.alertList, { security }),
    onRequest,
    handler: async (request) => ok(await service.list(userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.alertCreate, {
      security,
      description:
        '`condition` above / below with `price`, or move with `percent` (0.1 to 100: the 24 h ' +
        'change either way). Fires once, on a recorded price. A level the price has already ' +
        'reached is refused (ALERT_ALREADY_CROSSED, with the current price).',
    }),
    onRequest,
    handler: async (request) => ok(await service.create(userOf(request).id, request.body)),
  });

  app.route({
    ...routeOf(endpoints.alertDelete, { security }),
    onRequest,
    handler: async (request) => {
      await service.delete(userOf(request).id, request.params.id);
      return ok({});
    },
  });
};
