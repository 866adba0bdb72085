import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { setPayPassword } from './pay-password.ts';

const security = [{ token: [] }];

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.securityFundPassword, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await setPayPassword(app, userOf(request), request.body);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.securityHasFundPassword, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ has: userOf(request).payPasswordHash !== null }),
  });
};
