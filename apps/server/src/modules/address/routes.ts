import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { addAddress, deleteAddress, labelAddress, listAddresses } from './service.ts';

const security = [{ token: [] }];

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.addressAdd, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await addAddress(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.addressLabel, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await labelAddress(app, userOf(request).id, request.body.id, request.body.label)),
  });

  app.route({
    ...routeOf(endpoints.addressDelete, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await deleteAddress(app, userOf(request).id, request.body.id);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.addressList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await listAddresses(app, userOf(request).id, request.body)),
  });
};
