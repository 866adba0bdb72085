import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  optionCurrency,
  optionDetailQuery,
  optionInfo,
  optionList,
  optionListQuery,
  optionOrder,
  optionPeriod,
  optionSubmitBody,
  optionSubmitResult,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { enabledPeriods, periodView } from './periods.ts';
import { detail, info, list, payableCurrencies, submit } from './service.ts';

const tags = ['options'];
const security = [{ token: [] }];

/** Timed options under /api/microtrade (api-contract.md). */
export const optionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/microtrade/info',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary: 'Symbols with their last recorded price, periods, payable coins, KYC standing',
        response: { 200: okSchema(optionInfo) },
      },
    },
    async (request) => ok(await info(app, request.user)),
  );

  app.get(
    '/microtrade/seconds',
    {
      schema: {
        tags,
        summary: 'Periods offered: seconds, payout rate of a win, minimum stake',
        response: { 200: okSchema(z.array(optionPeriod)) },
      },
    },
    async () => ok((await enabledPeriods(app.db)).map(periodView)),
  );

  app.get(
    '/microtrade/payable_currencies',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary: 'Coins options are staked in, with the options-account balance',
        response: { 200: okSchema(z.array(optionCurrency)) },
      },
    },
    async (request) => ok(await payableCurrencies(app, request.user)),
  );

  app.post(
    '/microtrade/submit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Buy a call, put or even option at the last recorded price (stake frozen)',
        body: optionSubmitBody,
        response: { 200: okSchema(optionSubmitResult) },
      },
    },
    async (request) => ok(await submit(app, request, request.body)),
  );

  app.get(
    '/microtrade/lists',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The caller’s option orders, open or settled, newest first',
        querystring: optionListQuery,
        response: { 200: okSchema(optionList) },
      },
    },
    async (request) => ok(await list(app, userOf(request).id, request.query)),
  );

  app.get(
    '/microtrade/detail',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One option order with the prices and times it opened and settled on',
        querystring: optionDetailQuery,
        response: { 200: okSchema(optionOrder) },
      },
    },
    async (request) => ok(await detail(app, userOf(request).id, request.query.id)),
  );
};
