import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  financeBuyBody,
  financeCancelBody,
  financeCancelResult,
  financeConfig,
  financeOrder,
  financeOrderQuery,
  financeProduct,
  financeReport,
  pageOf,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../wallet/routes.ts';
import {
  buy,
  financeConfig as config,
  listOrders,
  listProducts,
  redeem,
  report,
} from './service.ts';

const tags = ['finance'];
const security = [{ token: [] }];

/** Wealth (trust / custody): the `lh/deposit` routes of the spec. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lh/deposit/config',
    {
      schema: {
        tags,
        summary: 'The rules: penalty multiple and the worked examples of interest and penalty',
        response: { 200: okSchema(financeConfig) },
      },
    },
    async () => ok(config()),
  );

  app.get(
    '/lh/deposit/product_info',
    {
      schema: {
        tags,
        summary: 'Products on sale: cycle, minimum, daily rate, early-redemption ratio',
        response: { 200: okSchema(z.array(financeProduct)) },
      },
    },
    async () => ok(await listProducts(app)),
  );

  app.get(
    '/lh/deposit/report',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your totals: invested, earned today, earned in all (USDT and per coin)',
        response: { 200: okSchema(financeReport) },
      },
    },
    async (request) => ok(await report(app, userOf(request).id)),
  );

  app.post(
    '/lh/deposit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Buy a product from the trust account (the agreement must be accepted)',
        headers: idempotencyHeader,
        body: financeBuyBody,
        response: { 200: okSchema(financeOrder) },
      },
    },
    async (request) => ok(await buy(app, request, request.body)),
  );

  app.get(
    '/lh/deposit/order',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your custody orders by status, newest first',
        querystring: financeOrderQuery,
        response: { 200: okSchema(pageOf(financeOrder)) },
      },
    },
    async (request) => ok(await listOrders(app, userOf(request).id, request.query)),
  );

  app.post(
    '/lh/deposit/order/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Redeem early: the principal less ratio × remaining days × principal returns',
        headers: idempotencyHeader,
        body: financeCancelBody,
        response: { 200: okSchema(financeCancelResult) },
      },
    },
    async (request) => ok(await redeem(app, request, request.body.id)),
  );
};
