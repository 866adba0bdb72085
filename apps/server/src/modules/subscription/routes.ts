import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageOf,
  projectItem,
  projectQuery,
  subscribeBody,
  subscriptionConfig,
  subscriptionCreated,
  subscriptionItem,
  subscriptionQuery,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../wallet/routes.ts';
import {
  projectDetail,
  projectList,
  recommended,
  subscribe,
  subscriptionConfig as config,
  subscriptionList,
} from './service.ts';

const tags = ['subscription'];
const security = [{ token: [] }];

/** New-coin subscription: projects are public, subscribing and records need a session. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lh/send/config',
    {
      schema: {
        tags,
        summary: 'Project and record states, the price currency (USDT) and the server time',
        response: { 200: okSchema(subscriptionConfig) },
      },
    },
    async () => ok(config(app)),
  );

  app.get(
    '/lh/send/product_info',
    {
      schema: {
        tags,
        summary:
          'With `id`: one project. Otherwise a page of projects, newest first, filtered by `state` (subscribing, sold_out, launched)',
        querystring: projectQuery,
        response: { 200: okSchema(z.union([projectItem, pageOf(projectItem)])) },
      },
    },
    async (request) =>
      ok(
        request.query.id
          ? await projectDetail(app, request.query.id, request.lang)
          : await projectList(app, request.query, request.lang),
      ),
  );

  app.get(
    '/lh/send/get_recommend',
    {
      schema: {
        tags,
        summary: 'Recommended projects (at most 5), those still subscribing first',
        response: { 200: okSchema(pageOf(projectItem)) },
      },
    },
    async (request) => ok(await recommended(app, request.lang)),
  );

  app.post(
    '/lh/send/order',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Subscribe: `number` of the payment coin is frozen in the currency account until the project closes and allocates (pro-rata when oversubscribed)',
        headers: idempotencyHeader,
        body: subscribeBody,
        response: { 200: okSchema(subscriptionCreated) },
      },
    },
    async (request) => ok(await subscribe(app, request, request.body)),
  );

  app.get(
    '/lh/send/order_list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Your subscriptions, newest first (`status` review, passed or rejected with its reason), with allocation, lock-up and returns',
        querystring: subscriptionQuery,
        response: { 200: okSchema(pageOf(subscriptionItem)) },
      },
    },
    async (request) => ok(await subscriptionList(app, userOf(request).id, request.query)),
  );
};
