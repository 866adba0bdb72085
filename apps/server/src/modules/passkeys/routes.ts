import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import {
  addPasskey,
  listPasskeys,
  loginOptions,
  loginWithPasskey,
  registrationOptions,
  removePasskey,
} from './service.ts';
import { relyingParty } from './relying-party.ts';

const security = [{ token: [] }];

/** Passkeys: adding and removing them, and logging in with one instead of a password. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.passkeyList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ list: await listPasskeys(app, userOf(request).id) }),
  });

  app.route({
    ...routeOf(endpoints.passkeyOptions, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(
        await registrationOptions(
          app,
          userOf(request),
          relyingParty(app.config, request),
          request.body,
        ),
      ),
  });

  app.route({
    ...routeOf(endpoints.passkeyAdd, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await addPasskey(app, userOf(request), relyingParty(app.config, request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.passkeyDelete, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await removePasskey(app, userOf(request).id, request.params.id);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.passkeyLoginOptions),
    handler: async (request) => ok(await loginOptions(app, relyingParty(app.config, request))),
  });

  app.route({
    ...routeOf(endpoints.passkeyLogin),
    handler: async (request) =>
      ok(
        await loginWithPasskey(
          app,
          { origin: originOf(request), rp: relyingParty(app.config, request) },
          request.body,
        ),
      ),
  });
};
