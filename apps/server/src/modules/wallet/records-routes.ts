import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { recordDetail as detail } from './record-detail.ts';
import { listRecords } from './records.ts';

const security = [{ token: [] }];

/** The asset records: one per user action, and one record in full. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.walletRecords, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await listRecords(app, userOf(request).id, request.query)),
  });

  app.route({
    ...routeOf(endpoints.walletRecord, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await detail(app, userOf(request).id, request.query.kind, request.query.id)),
  });
};
