import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, recordDetail, recordItem, recordQuery, recordsQuery } from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { recordDetail as detail } from './record-detail.ts';
import { listRecords } from './records.ts';

const tags = ['wallet'];
const security = [{ token: [] }];

/** The asset records: one per user action, and one record in full. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallet/records',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Asset records, one per action (deposit, withdrawal, transfer, conversion, trade, ' +
          'earning; fees apart), newest first. `type`: all, deposit, withdraw, transfer, trade, ' +
          'earn, fee',
        querystring: recordsQuery,
        response: { 200: okSchema(pageOf(recordItem)) },
      },
    },
    async (request) => ok(await listRecords(app, userOf(request).id, request.query)),
  );

  app.get(
    '/wallet/record',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One asset record in full (`kind` and `id` from the list); NOT_FOUND unless yours',
        querystring: recordQuery,
        response: { 200: okSchema(recordDetail) },
      },
    },
    async (request) =>
      ok(await detail(app, userOf(request).id, request.query.kind, request.query.id)),
  );
};
