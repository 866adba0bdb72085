import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './service.ts';

const security = [{ token: [] }];

/** The user's authenticator app (TOTP): set up, turn on, turn off. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.twoFactorSetup, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await setUpTwoFactor(app, userOf(request))),
  });

  app.route({
    ...routeOf(endpoints.twoFactorEnable, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await enableTwoFactor(app, userOf(request), request.body.code)),
  });

  app.route({
    ...routeOf(endpoints.twoFactorDisable, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await disableTwoFactor(app, userOf(request), request.body.code ?? request.body.totp)),
  });
};
