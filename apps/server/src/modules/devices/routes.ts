import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, loginHistoryPage, loginHistoryQuery, sessionList } from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { listSessions, loginHistoryOf, revokeOwnSession } from './service.ts';

const tags = ['security'];
const security = [{ token: [] }];

/** The user's devices (live sessions) and login history. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your live sessions (devices), the most recently used first',
        response: { 200: okSchema(sessionList) },
      },
    },
    async (request) => ok({ list: await listSessions(app, userOf(request).id, request.sessionId) }),
  );

  app.post(
    '/user/sessions/:id/revoke',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'End one of your sessions: its token stops working at once',
        params: z.object({ id: idField('SESSION_NOT_FOUND') }),
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await revokeOwnSession(app, userOf(request).id, request.params.id);
      return ok({});
    },
  );

  app.get(
    '/user/login_history',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your login attempts, newest first: when, from where, how, and the result',
        querystring: loginHistoryQuery,
        response: { 200: okSchema(loginHistoryPage) },
      },
    },
    async (request) => ok(await loginHistoryOf(app, userOf(request).id, request.query)),
  );
};
