import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasPasswordResult, payPasswordBody } from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { setPayPassword } from './pay-password.ts';

const tags = ['security'];
const security = [{ token: [] }];

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/e_pwd',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Set or change the 6-digit fund password with a 'security' code sent to the user's own email or phone",
        body: payPasswordBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await setPayPassword(app, userOf(request), request.body);
      return ok({});
    },
  );

  app.post(
    '/user/has_password',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whether a fund password is set',
        response: { 200: okSchema(hasPasswordResult) },
      },
    },
    async (request) => ok({ has: userOf(request).payPasswordHash !== null }),
  );
};
