import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { userFavorites, type Db } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';

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

  app.route({
    ...routeOf(endpoints.marketFavorites, { security }),
    onRequest,
    handler: async (request) => {
      const symbols = await symbolsOf(app.db, userOf(request).id);
      return ok(symbols.filter((s) => market.has(s)).map((s) => market.listed(s)));
    },
  });

  app.route({
    ...routeOf(endpoints.marketFavoriteAdd, { security }),
    onRequest,
    handler: async (request) => {
      const userId = userOf(request).id;
      const { symbol } = market.spec(request.body.symbol);
      await app.db
        .insert(userFavorites)
        .values({ userId, symbol, createdAt: app.clock.now() })
        .onConflictDoNothing();
      return ok({ symbols: await symbolsOf(app.db, userId) });
    },
  });

  app.route({
    ...routeOf(endpoints.marketFavoriteRemove, { security }),
    onRequest,
    handler: async (request) => {
      const userId = userOf(request).id;
      const { symbol } = market.spec(request.body.symbol);
      await app.db
        .delete(userFavorites)
        .where(and(eq(userFavorites.userId, userId), eq(userFavorites.symbol, symbol)));
      return ok({ symbols: await symbolsOf(app.db, userId) });
    },
  });
};
