import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chargeBody,
  depositAddress as depositAddressSchema,
  depositAddressBody,
  depositItem,
  pageOf,
  pageQuery,
  platformBank,
  reviewCreated,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../wallet/routes.ts';
import { bankInfo, depositAddress, depositLog, requestDeposit } from './service.ts';

const tags = ['deposits'];
const security = [{ token: [] }];

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  // Console values over DEPOSIT_ADDRESSES / DEPOSIT_XPUBS (from the config, so tests can give
  // their own), read per request: an operator's change applies to the next request.
  const settings = () => app.coinNetworks.current();

  app.post(
    '/wallet/get_in_address',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The deposit address of a coin on a network, and the minimum deposit',
        body: depositAddressBody,
        response: { 200: okSchema(depositAddressSchema) },
      },
    },
    async (request) =>
      ok(await depositAddress(app, await settings(), userOf(request).id, request.body)),
  );

  app.post(
    '/wallet/get_info',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The platform's bank account for bank deposits (network BANK)",
        response: { 200: okSchema(platformBank) },
      },
    },
    async () => ok(await bankInfo(app, await settings())),
  );

  app.post(
    '/wallet/charge_req',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Report a deposit (chain network, or BANK) with its voucher; credited only when an operator passes it',
        headers: idempotencyHeader,
        body: chargeBody,
        response: { 200: okSchema(reviewCreated) },
      },
    },
    async (request) => ok(await requestDeposit(app, await settings(), request, request.body)),
  );

  app.get(
    '/charge_mention/log2',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Deposit records, newest first: review, passed, rejected (with the reason)',
        querystring: pageQuery,
        response: { 200: okSchema(pageOf(depositItem)) },
      },
    },
    async (request) => ok(await depositLog(app, userOf(request).id, request.query)),
  );
};
