import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import {
  listSessions,
  loginHistoryOf,
  revokeOtherOwnSessions,
  revokeOwnSession,
} from './service.ts';

const security = [{ token: [] }];

/** The user's devices (live sessions) and login history. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.deviceSessions, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok({ list: await listSessions(app, userOf(request).id, request.sessionId) }),
  });

  app.route({
    ...routeOf(endpoints.deviceRevoke, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await revokeOwnSession(app, userOf(request).id, request.params.id, request.sessionId);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.deviceRevokeOthers, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await revokeOtherOwnSessions(app, userOf(request).id, request.sessionId)),
  });

  app.route({
    ...routeOf(endpoints.deviceLoginHistory, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await loginHistoryOf(app, userOf(request).id, request.query)),
  });
};
