import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageQuery, withdrawalItem, withdrawBody, withdrawCreated } from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../wallet/routes.ts';
import { requestWithdrawal, withdrawalLog } from './service.ts';

const tags = ['withdrawals'];
const security = [{ token: [] }];

export const withdrawRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wallet/out',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Request a withdrawal to a saved address (`address_id`) or a bound bank card (`bank_id`, bank currency only); the amount stays frozen until an operator decides',
        headers: idempotencyHeader,
        body: withdrawBody,
        response: { 200: okSchema(withdrawCreated) },
      },
    },
    async (request) =>
      ok(await requestWithdrawal(app, await app.coinNetworks.current(), request, request.body)),
  );

  app.get(
    '/charge_mention/log3',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Withdrawal records, newest first: review, passed, rejected (with the reason)',
        querystring: pageQuery,
        response: { 200: okSchema(pageOf(withdrawalItem)) },
      },
    },
    async (request) => ok(await withdrawalLog(app, userOf(request).id, request.query)),
  );
};
