import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configSpotPair } from '@hx/protocol';
import { spotOrders, spotPairs, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { tellOthers } from '../../lib/bus.ts';

type SpotPair = typeof spotPairs.$inferSelect;
const spotView = (p: SpotPair, open: number): z.infer<typeof configSpotPair> => ({
  symbol: p.symbol,
  price_scale: p.priceScale,
  amount_scale: p.amountScale,
  tick: plain(p.tick),
  step: plain(p.step),
  maker_fee: plain(p.makerFee),
  taker_fee: plain(p.takerFee),
  enabled: p.enabled,
  sort: p.sort,
  open_orders: open,
});
const openOrders = async (db: Db, symbols?: string[]) => {
  const rows = await db
    .select({ symbol: spotOrders.symbol, n: count() })
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.status, 'waiting'),
        symbols ? inArray(spotOrders.symbol, symbols) : undefined,
      ),
    )
    .groupBy(spotOrders.symbol);
  return new Map(rows.map((r) => [r.symbol, Number(r.n)]));
};

/** Spot pairs in the console (admin only, under /api/admin): the books reload after a change. */
export const spotOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorSpotPairs),
    handler: async () => {
      const open = await openOrders(app.db);
      const rows = await app.db.select().from(spotPairs).orderBy(asc(spotPairs.sort));
      return ok(rows.map((p) => spotView(p, open.get(p.symbol) ?? 0)));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorSpotPairUpdate),
    handler: async (request) => {
      const b = request.body;
      const symbol = request.params.symbol;
      let previous: SpotPair | undefined;
      const row = await settings.edit(
        request,
        { type: 'spot_pair', id: 0 },
        async (tx) =>
          (await tx.select().from(spotPairs).where(eq(spotPairs.symbol, symbol)).for('update'))[0],
        async (tx, before) => {
          previous = before;
          const units =
            !new Decimal(b.tick).eq(before.tick) || !new Decimal(b.step).eq(before.step);
          if (new Decimal(b.tick).decimalPlaces() > before.priceScale)
            throw new AppError('CONFIG_INVALID', { field: 'tick' });
          if (new Decimal(b.step).decimalPlaces() > before.amountScale)
            throw new AppError('CONFIG_INVALID', { field: 'step' });
          if (units && ((await openOrders(tx, [symbol])).get(symbol) ?? 0) > 0)
            throw new AppError('PAIR_HAS_ORDERS');
          await tx
            .update(spotPairs)
            .set({
              tick: b.tick,
              step: b.step,
              makerFee: b.maker_fee,
              takerFee: b.taker_fee,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(spotPairs.symbol, symbol));
        },
      );
      try {
        await app.spot.reloadPairs(); // the books follow the table
      } catch (err) {
        // An order arrived between the check and the reload: the pair goes back as it was.
        const { symbol: _, ...was } = previous!;
        await app.db.update(spotPairs).set(was).where(eq(spotPairs.symbol, symbol));
        await app.spot.reloadPairs();
        throw err;
      }
      tellOthers(app.bus, 'hx.spot.pairs', symbol); // the other processes' books follow
      return ok(spotView(row, (await openOrders(app.db, [symbol])).get(symbol) ?? 0));
    },
  });
};
