import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  leverCloseAllBody,
  leverCloseAllResult,
  leverDeal,
  leverDealBody,
  leverIdBody,
  leverListBody,
  leverPosition,
  leverSetStopBody,
  leverSubmitBody,
  pageOf,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../wallet/routes.ts';
import type { LeverService } from './service.ts';

const tags = ['contracts'];
const security = [{ token: [] }];

export const leverRoutes: FastifyPluginAsyncZod<{ service: LeverService }> = async (
  app,
  { service },
) => {
  app.post(
    '/lever/deal',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Contract pairs (lot size, multiples, spread, fee rate, maintenance ratio, last price) and your contract balance',
        body: leverDealBody,
        response: { 200: okSchema(leverDeal) },
      },
    },
    async (request) => ok(await service.deal(userOf(request).id)),
  );

  app.post(
    '/lever/submit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Open a position at the last recorded price (market) or place a limit entry that waits',
        headers: idempotencyHeader,
        body: leverSubmitBody,
        response: { 200: okSchema(leverPosition) },
      },
    },
    async (request) => ok(await service.submit(request, request.body)),
  );

  app.post(
    '/lever/close',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Close a holding position at the last recorded price',
        headers: idempotencyHeader,
        body: leverIdBody,
        response: { 200: okSchema(leverPosition) },
      },
    },
    async (request) => ok(await service.close(request, request.body.id)),
  );

  app.post(
    '/lever/close_all',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Close all holding positions (`side`: all, long, short; optional `symbol`)',
        body: leverCloseAllBody,
        response: { 200: okSchema(leverCloseAllResult) },
      },
    },
    async (request) => ok({ list: await service.closeAll(request, request.body) }),
  );

  app.post(
    '/lever/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cancel a limit entry that still waits; margin and fee return',
        body: leverIdBody,
        response: { 200: okSchema(leverPosition) },
      },
    },
    async (request) => ok(await service.cancel(request, request.body.id)),
  );

  app.post(
    '/lever/setstop',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Set stop profit and stop loss (an empty one is removed)',
        body: leverSetStopBody,
        response: { 200: okSchema(leverPosition) },
      },
    },
    async (request) => ok(await service.setStop(request, request.body)),
  );

  app.post(
    '/lever/my_trade',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Your positions: holding (with waiting limit entries, live profit), closed, cancelled',
        body: leverListBody,
        response: { 200: okSchema(pageOf(leverPosition)) },
      },
    },
    async (request) => ok(await service.list(userOf(request).id, request.body)),
  );
};
