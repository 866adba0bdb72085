import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { nicknameBody, updatePasswordBody, userView as userViewSchema } from '@hx/protocol';
import { users } from '@hx/db';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { changePassword } from '../auth/service.ts';
import { userViewOf } from './view.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const tags = ['user'];
const security = [{ token: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/center',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The logged-in user',
        response: { 200: okSchema(userViewSchema) },
      },
    },
    async (request) => ok(await userViewOf(app.db, userOf(request))),
  );

  app.post(
    '/user/set_nickname',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the nickname',
        body: nicknameBody,
        response: { 200: okSchema(userViewSchema) },
      },
    },
    async (request) => {
      const [updated] = await app.db
        .update(users)
        .set({ nickname: request.body.nickname })
        .where(eq(users.id, userOf(request).id))
        .returning();
      sessionsChanged();
      return ok(await userViewOf(app.db, updated!));
    },
  );

  app.post(
    '/safe/update_password',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the password; other sessions end',
        body: updatePasswordBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await changePassword(app, userOf(request), request.sessionId, request.body);
      return ok({});
    },
  );
};
