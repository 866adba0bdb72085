import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { listNotifications, markRead } from './service.ts';

const security = [{ token: [] }];

/** The notification centre: the user's notifications in their language, and marking them read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.notificationList, {
      security,
      description:
        'New ones are also pushed on the private socket channel `notifications` as ' +
        '`{id, kind, unread}` once the outcome they tell has committed.',
    }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await listNotifications(app.db, userOf(request).id, request.lang, request.query)),
  });

  app.route({
    ...routeOf(endpoints.notificationRead, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await markRead(app.db, userOf(request).id, request.body.ids, app.clock.now())),
  });
};
