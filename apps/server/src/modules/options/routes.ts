import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { enabledPeriods, periodView } from './periods.ts';
import { detail, info, list, payableCurrencies, submit } from './service.ts';

const security = [{ token: [] }];

/** Timed options under /api/microtrade (api-contract.md). */
export const optionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.optionsInfo),
    onRequest: app.identify,
    handler: async (request) => ok(await info(app, request.user)),
  });

  app.route({
    ...routeOf(endpoints.optionsPeriods),
    handler: async () => ok((await enabledPeriods(app.db)).map(periodView)),
  });

  app.route({
    ...routeOf(endpoints.optionsCurrencies),
    onRequest: app.identify,
    handler: async (request) => ok(await payableCurrencies(app, request.user)),
  });

  app.route({
    ...routeOf(endpoints.optionsSubmit, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await submit(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.optionsOrders, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await list(app, userOf(request).id, request.query)),
  });

  app.route({
    ...routeOf(endpoints.optionsOrder, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await detail(app, userOf(request).id, request.query.id)),
  });
};
