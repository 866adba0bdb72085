import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { bankInfo, depositAddress, depositLog, requestDeposit } from './service.ts';

const security = [{ token: [] }];

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  // Console values over DEPOSIT_ADDRESSES / DEPOSIT_XPUBS (from the config, so tests can give
  // their own), read per request: an operator's change applies to the next request.
  const settings = () => app.coinNetworks.current();

  app.route({
    ...routeOf(endpoints.depositAddress, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await depositAddress(app, await settings(), userOf(request).id, request.body)),
  });

  app.route({
    ...routeOf(endpoints.depositBank, { security }),
    onRequest: app.authenticate,
    handler: async () => ok(await bankInfo(app, await settings())),
  });

  app.route({
    ...routeOf(endpoints.depositReport, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(
        await requestDeposit(
          app,
          await settings(),
          userContextOf(request, { idempotent: true }),
          request.body,
        ),
      ),
  });

  app.route({
    ...routeOf(endpoints.depositRecords, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await depositLog(app, userOf(request).id, request.query)),
  });
};
