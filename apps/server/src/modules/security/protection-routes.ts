import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { securityState as stateOf, setAntiPhishing, setWhitelist } from './protection.ts';

const security = [{ token: [] }];

/** The security centre: which protections are on, the anti-phishing code and the whitelist. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.securityState, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await stateOf(app, userOf(request))),
  });

  app.route({
    ...routeOf(endpoints.securityAntiPhishing, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await setAntiPhishing(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.securityWhitelist, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await setWhitelist(app, userOf(request), request.body)),
  });
};
