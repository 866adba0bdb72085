import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { convert, exchangeQuote } from './exchange.ts';
import {
  assetRecords,
  transfer,
  transferHistory,
  walletDetail as detail,
  walletList as list,
} from './service.ts';

const security = [{ token: [] }];
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.walletList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await list(app, userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.walletDetail, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await detail(app, userOf(request).id, request.body.currency_id)),
  });

  app.route({
    ...routeOf(endpoints.walletTransfer, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await transfer(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.walletTransfers, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await transferHistory(app, userOf(request).id, request.query)),
  });

  app.route({
    ...routeOf(endpoints.walletPostings, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await assetRecords(app, userOf(request).id, request.body)),
  });

  app.route({
    ...routeOf(endpoints.walletExchangeQuote, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await exchangeQuote(app, request.body)),
  });

  app.route({
    ...routeOf(endpoints.walletExchange, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await convert(app, userContextOf(request, { idempotent: true }), request.body)),
  });
};
