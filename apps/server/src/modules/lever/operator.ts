import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configLeverPair, type configLeverPairBody } from '@hx/protocol';
import { leverPairs } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { tellOthers } from '../../lib/bus.ts';
import { forgetPairs } from './pairs.ts';

type LeverPair = typeof leverPairs.$inferSelect;
const leverView = (p: LeverPair): z.infer<typeof configLeverPair> => ({
  symbol: p.symbol,
  lot_size: plain(p.lotSize),
  multiples: p.multiples,
  spread: plain(p.spread),
  fee_rate: plain(p.feeRate),
  maintenance_ratio: plain(p.maintenanceRatio),
  enabled: p.enabled,
  sort: p.sort,
});

/**
 * A short at the highest multiple opens at mark × (1 − spread) and loses spread × mark at once:
 * spread × multiple ÷ (1 − spread) of its margin. At 1 − maintenance it is liquidated on opening.
 */
const checkSpread = (b: z.output<typeof configLeverPairBody>) => {
  const spread = new Decimal(b.spread);
  const reach = new Decimal(1).minus(b.maintenance_ratio).times(new Decimal(1).minus(spread));
  if (spread.times(Math.max(...b.multiples)).gte(reach))
    throw new AppError('CONFIG_SPREAD_LIQUIDATES');
};

/** Contract pairs in the console (admin only, under /api/admin): the triggers reload after a change. */
export const leverOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorLeverPairs),
    handler: async () =>
      ok(
        (
          await app.db
            .select()
            .from(leverPairs)
            .orderBy(asc(leverPairs.sort), asc(leverPairs.symbol))
        ).map(leverView),
      ),
  });

  app.route({
    ...settings.route(endpoints.operatorLeverPairUpdate),
    handler: async (request) => {
      const b = request.body;
      const symbol = request.params.symbol;
      const row = await settings.edit(
        request,
        { type: 'lever_pair', id: 0 },
        async (tx) =>
          (
            await tx.select().from(leverPairs).where(eq(leverPairs.symbol, symbol)).for('update')
          )[0],
        async (tx) => {
          checkSpread(b);
          await tx
            .update(leverPairs)
            .set({
              lotSize: b.lot_size,
              multiples: [...new Set(b.multiples)].sort((x, y) => x - y),
              spread: b.spread,
              feeRate: b.fee_rate,
              maintenanceRatio: b.maintenance_ratio,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(leverPairs.symbol, symbol));
        },
      );
      forgetPairs(app.db);
      await app.lever.triggers.reloadPairs();
      tellOthers(app.bus, 'hx.lever.pairs', symbol); // the other processes' opens and triggers follow
      return ok(leverView(row));
    },
  });
};
