import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { users } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { userViewOf } from './view.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const security = [{ token: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.userCenter, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await userViewOf(app.db, userOf(request))),
  });

  app.route({
    ...routeOf(endpoints.userSetNickname, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const [updated] = await app.db
        .update(users)
        .set({ nickname: request.body.nickname })
        .where(eq(users.id, userOf(request).id))
        .returning();
      sessionsChanged();
      return ok(await userViewOf(app.db, updated!));
    },
  });
};
