import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { operatorSettings } from '../operator-core/settings.ts';

/** `GET /api/index?symbol=BTCUSDT` (public): the index with its sources and staleness. */
export const indexRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.indexPrice),
    handler: async (request) => {
      app.market.spec(request.query.symbol); // SYMBOL_UNKNOWN for an unlisted one
      return ok(app.priceIndex.get(request.query.symbol));
    },
  });
};

/** The console's card: each venue's connection and every spot pair's index. */
export const indexOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);
  app.route({
    ...settings.route(endpoints.operatorIndex),
    handler: async () => {
      const { config, market, priceIndex } = app;
      return ok({
        source: config.marketSource,
        stale_after_s: Math.round(config.indexStaleMs / 1000),
        max_deviation: config.indexMaxDeviation,
        min_sources: config.indexMinSources,
        venues: priceIndex.connections(),
        symbols: market.specs.filter((s) => s.kind === 'spot').map((s) => priceIndex.get(s.symbol)),
      });
    },
  });
};
