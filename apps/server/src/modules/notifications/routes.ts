import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationList,
  notificationListQuery,
  notificationReadBody,
  notificationReadResult,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { listNotifications, markRead } from './service.ts';

const tags = ['notifications'];
const security = [{ token: [] }];

/** The notification centre: the user's notifications in their language, and marking them read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Your notifications, newest first, in the request's language, with the unread count",
        description:
          'New ones are also pushed on the private socket channel `notifications` as ' +
          '`{id, kind, unread}` once the outcome they tell has committed.',
        querystring: notificationListQuery,
        response: { 200: okSchema(notificationList) },
      },
    },
    async (request) =>
      ok(await listNotifications(app.db, userOf(request).id, request.lang, request.query)),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Mark notifications read: `ids` comma-separated (only yours), absent or empty for all',
        body: notificationReadBody,
        response: { 200: okSchema(notificationReadResult) },
      },
    },
    async (request) =>
      ok(await markRead(app.db, userOf(request).id, request.body.ids, app.clock.now())),
  );
};
