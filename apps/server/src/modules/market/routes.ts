import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { routeOf } from '../../lib/endpoint.ts';

/**
 * Quotes, the time-share line, klines and the order book: public, GET with query parameters. A
 * spot pair's quote and bars are its own trades (`source=index` for its index), others' the index.
 */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { market } = app;
  // A demo's spot chart shows the walk, marked, before the pair's first trade.
  const seedFromIndex = app.config.mode === 'demo';

  app.route({
    ...routeOf(endpoints.marketQuotes),
    handler: async (request) => ok(market.quotes(request.query.kind)),
  });

  app.route({
    ...routeOf(endpoints.marketFutures),
    handler: async () => ok(market.quotes('quoted')),
  });

  app.route({
    ...routeOf(endpoints.marketInfo),
    handler: async (request) => ok(market.info(request.query.symbol, request.query.source)),
  });

  app.route({
    ...routeOf(endpoints.marketTimeShare),
    handler: async (request) =>
      ok(await market.timeShare(request.query.symbol, { ...request.query, seedFromIndex })),
  });

  app.route({
    ...routeOf(endpoints.marketKline, {
      description:
        'Paging back: call again with `to` = the `time` of the first bar returned; an answer ' +
        'shorter than `limit` means the range is exhausted. `to` defaults to now (the open ' +
        'bar included, as it is now), `from` to 0, `limit` to 300.',
    }),
    handler: async (request) => {
      const { symbol, period, from = 0, to, limit, source } = request.query;
      market.spec(symbol);
      if (to !== undefined && from > to) fail('RANGE_INVALID');
      const end = to ?? app.clock.now().getTime() + 1;
      const range = { from, to: end, limit };
      return ok(await market.chart(symbol, period, range, { source, seedFromIndex }));
    },
  });

  app.route({
    ...routeOf(endpoints.marketDeal),
    handler: async (request) => {
      market.spec(request.query.symbol);
      return ok(await market.book.deal(request.query.symbol));
    },
  });
};
