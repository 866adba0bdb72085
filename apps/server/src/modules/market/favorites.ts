import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { favoriteSymbols, marketQuote, symbolQuery } from '@hx/protocol';
import { userFavorites, type Db } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';

const tags = ['market'];
const security = [{ token: [] }];

async function symbolsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ symbol: userFavorites.symbol })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .orderBy(asc(userFavorites.createdAt), asc(userFavorites.symbol));
  return rows.map((r) => r.symbol);
}

/**
 * A logged-in user's favourite symbols: GET `currency/user_currency_list` (their quotes, in the
 * order added), POST `currency/user_currency_add` / `currency/user_currency_del` with `symbol`
 * (both idempotent, both answer the symbols now on the list).
 */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { market } = app;
  const onRequest = app.authenticate;

  app.get(
    '/currency/user_currency_list',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The user's favourite symbols with their quotes",
        response: { 200: okSchema(z.array(marketQuote)) },
      },
    },
    async (request) => {
      const symbols = await symbolsOf(app.db, userOf(request).id);
      return ok(symbols.filter((s) => market.has(s)).map((s) => market.quote(s)));
    },
  );

  app.post(
    '/currency/user_currency_add',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a symbol to the favourites',
        body: symbolQuery,
        response: { 200: okSchema(favoriteSymbols) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { symbol } = market.spec(request.body.symbol);
      await app.db
        .insert(userFavorites)
        .values({ userId, symbol, createdAt: app.clock.now() })
        .onConflictDoNothing();
      return ok({ symbols: await symbolsOf(app.db, userId) });
    },
  );

  app.post(
    '/currency/user_currency_del',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove a symbol from the favourites',
        body: symbolQuery,
        response: { 200: okSchema(favoriteSymbols) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { symbol } = market.spec(request.body.symbol);
      await app.db
        .delete(userFavorites)
        .where(and(eq(userFavorites.userId, userId), eq(userFavorites.symbol, symbol)));
      return ok({ symbols: await symbolsOf(app.db, userId) });
    },
  );
};
