import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  klineBar,
  klineQuery,
  marketDeal,
  marketQuote,
  quotationQuery,
  quoteInfo,
  symbolQuery,
  timeSharePoint,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { fail } from '../../lib/errors.ts';

const tags = ['market'];

/** Quotes, the time-share line, klines and the order book: public, GET with query parameters. */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { market } = app;

  app.get(
    '/currency/quotation_new',
    {
      schema: {
        tags,
        summary: 'Quotes with 24h statistics (spot pairs; `kind` forex, futures or all)',
        querystring: quotationQuery,
        response: { 200: okSchema(z.array(marketQuote)) },
      },
    },
    async (request) => ok(market.quotes(request.query.kind)),
  );

  app.get(
    '/currency/futures_list',
    {
      schema: {
        tags,
        summary: 'Quotes of the forex pairs and futures',
        response: { 200: okSchema(z.array(marketQuote)) },
      },
    },
    async () => ok(market.quotes('quoted')),
  );

  app.get(
    '/currency/futures_info',
    {
      schema: {
        tags,
        summary: 'One quote with 24h statistics and precision (any listed symbol)',
        querystring: symbolQuery,
        response: { 200: okSchema(quoteInfo) },
      },
    },
    async (request) => ok(market.info(request.query.symbol)),
  );

  app.get(
    '/currency/new_timeshar',
    {
      schema: {
        tags,
        summary: 'Time-share line: the close of every minute of the last 24 hours',
        querystring: symbolQuery,
        response: { 200: okSchema(z.array(timeSharePoint)) },
      },
    },
    async (request) => ok(await market.timeShare(request.query.symbol)),
  );

  app.get(
    '/currency/kline',
    {
      schema: {
        tags,
        summary: 'Bars of [from, to), ascending; at most `limit` (≤ 1000), the latest of the range',
        description:
          'Paging back: call again with `to` = the `time` of the first bar returned; an answer ' +
          'shorter than `limit` means the range is exhausted. `to` defaults to now (the open ' +
          'bar included, as it is now), `from` to 0, `limit` to 300.',
        querystring: klineQuery,
        response: { 200: okSchema(z.array(klineBar)) },
      },
    },
    async (request) => {
      const { symbol, period, from = 0, to, limit } = request.query;
      market.spec(symbol);
      if (to !== undefined && from > to) fail('RANGE_INVALID');
      const end = to ?? app.clock.now().getTime() + 1;
      return ok(await market.klines(symbol, period, from, end, limit));
    },
  );

  app.get(
    '/currency/deal',
    {
      schema: {
        tags,
        summary: 'Order book and latest trades of a pair (empty until spot trading runs)',
        querystring: symbolQuery,
        response: { 200: okSchema(marketDeal) },
      },
    },
    async (request) => {
      market.spec(request.query.symbol);
      return ok(await market.book.deal(request.query.symbol));
    },
  );
};
