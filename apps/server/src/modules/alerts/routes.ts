import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertCreateBody, alertCreated, alertIdParams, alertList } from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import type { AlertService } from './service.ts';

const tags = ['alerts'];
const security = [{ token: [] }];

/** A user's price alerts: list, create, delete. Fired ones arrive as `price_alert` notifications. */
export const alertRoutes: FastifyPluginAsyncZod<{ service: AlertService }> = async (
  app,
  { service },
) => {
  const onRequest = app.authenticate;

  app.get(
    '/alerts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Your price alerts: waiting ones first, then the recently fired ones',
        response: { 200: okSchema(alertList) },
      },
    },
    async (request) => ok(await service.list(userOf(request).id)),
  );

  app.post(
    '/alerts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a price alert',
        description:
          '`condition` above / below with `price`, or move with `percent` (0.1 to 100: the 24 h ' +
          'change either way). Fires once, on a recorded price. A level the price has already ' +
          'reached is refused (ALERT_ALREADY_CROSSED, with the current price).',
        body: alertCreateBody,
        response: { 200: okSchema(alertCreated) },
      },
    },
    async (request) => ok(await service.create(userOf(request).id, request.body)),
  );

  app.post(
    '/alerts/:id/delete',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete one of your price alerts',
        params: alertIdParams,
        response: { 200: okSchema(z.object({})) },
      },
    },
    async (request) => {
      await service.delete(userOf(request).id, request.params.id);
      return ok({});
    },
  );
};
