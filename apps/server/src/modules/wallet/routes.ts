import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  legalLogBody,
  optionalId,
  pageFields,
  pageOf,
  postingItem,
  transferBody,
  transferItem,
  walletDetail,
  walletDetailBody,
  walletList,
} from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import {
  assetRecords,
  transfer,
  transferHistory,
  walletDetail as detail,
  walletList as list,
} from './service.ts';

const tags = ['wallet'];
const security = [{ token: [] }];
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Optional: the same key (per user) does the work once and returns the first result'),
});

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wallet/list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Balances of every coin in every sub-account, with USDT values',
        response: { 200: okSchema(walletList) },
      },
    },
    async (request) => ok(await list(app, userOf(request).id)),
  );

  app.post(
    '/wallet/detail',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "One coin: deposit and withdrawal settings and the user's balances",
        body: walletDetailBody,
        response: { 200: okSchema(walletDetail) },
      },
    },
    async (request) => ok(await detail(app, userOf(request).id, request.body.currency_id)),
  );

  app.post(
    '/wallet/change',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Transfer between sub-accounts (currency, options, contract, trust), instantly',
        headers: idempotencyHeader,
        body: transferBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => ok(await transfer(app, request, request.body)),
  );

  app.get(
    '/wallet/hzhistory',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Transfer records, newest first',
        querystring: z.object({ ...pageFields, currency_id: optionalId('CURRENCY_INVALID') }),
        response: { 200: okSchema(pageOf(transferItem)) },
      },
    },
    async (request) => ok(await transferHistory(app, userOf(request).id, request.query)),
  );

  app.post(
    '/wallet/legal_log',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Asset records: every posting on your accounts, newest first; `type` filters',
        body: legalLogBody,
        response: { 200: okSchema(pageOf(postingItem)) },
      },
    },
    async (request) => ok(await assetRecords(app, userOf(request).id, request.body)),
  );
};
