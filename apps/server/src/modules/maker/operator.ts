import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { coins, makerPairs } from '@hx/db';
import { platformBalances, post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { endpoints, type makerPairBody } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../operator-core/rows.ts';
import { adminOf } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { lastTradeId } from './fills.ts';
import { fillsView, makerOpenOrders, overview, pairView } from './overview.ts';

type Body = z.output<typeof makerPairBody>;

/** The market maker in the console (admin only, under /api/admin), audited. */
export const makerOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorMaker),
    handler: async () => ok(await overview(app)),
  });

  app.route({
    ...settings.route(endpoints.operatorMakerPairSave),
    handler: async (request) => {
      const { symbol } = request.params;
      if (!app.spot.pairs.has(symbol)) throw new AppError('SYMBOL_UNKNOWN');
      const b = request.body;
      checkBody(b, app.maker.hedgeVenue);
      await app.db.insert(makerPairs).values({ symbol }).onConflictDoNothing();
      const firstTrade = await lastTradeId(app.db, symbol);
      const row = await settings.edit(
        request,
        { type: 'maker_pair', id: 0 },
        async (tx) =>
          (
            await tx.select().from(makerPairs).where(eq(makerPairs.symbol, symbol)).for('update')
          )[0],
        async (tx, before) => {
          await tx
            .update(makerPairs)
            .set({
              enabled: b.enabled,
              levels: b.levels,
              spreadBps: b.spread_bps,
              size: b.size,
              refreshMs: b.refresh_ms,
              baseMin: b.base_min,
              baseMax: b.base_max,
              quoteMin: b.quote_min,
              quoteMax: b.quote_max,
              hedge: b.hedge,
              maxUnhedged: b.max_unhedged,
              // Hedging turned on hedges the fills from now on, not the ones before.
              hedgedThrough: b.hedge && !before.hedge ? firstTrade : before.hedgedThrough,
              updatedAt: app.clock.now(),
            })
            .where(eq(makerPairs.symbol, symbol));
        },
      );
      await app.maker.round(symbol); // the book follows at once where this process writes it
      return ok(await pairView(app, symbol, row, (await makerOpenOrders(app.db)).get(symbol) ?? 0));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorMakerFund),
    handler: async (request) => {
      const { currency_id: coin, amount, direction } = request.body;
      const [known] = await app.db.select().from(coins).where(eq(coins.id, coin));
      if (!known) throw new AppError('CURRENCY_INVALID');
      const maker = { platform: 'market_maker' as const, coin };
      const treasury = { platform: 'treasury' as const, coin };
      const [from, to] = direction === 'in' ? [treasury, maker] : [maker, treasury];
      await app.ledger.transaction(async (tx) => {
        await post(tx, {
          kind: 'maker_funding',
          memo: direction === 'in' ? 'market maker funded' : 'market maker funds returned',
          lines: [
            { account: from, amount: `-${amount}` },
            { account: to, amount },
          ],
        });
        await writeAudit(tx, {
          adminId: adminOf(request).id,
          action: `maker.fund.${direction}`,
          targetType: 'coin',
          targetId: coin,
          before: null,
          after: JSON.stringify({ amount }),
          reason: null,
          at: app.clock.now(),
        });
      });
      const [balance] = await platformBalances(app.db, 'market_maker', [coin]);
      return ok({ currency_id: coin, available: plain(balance?.available ?? '0') });
    },
  });

  app.route({
    ...settings.route(endpoints.operatorMakerKill),
    handler: async (request) => {
      const cancelled = await app.maker.kill();
      await writeAudit(app.db, {
        adminId: adminOf(request).id,
        action: 'maker.kill',
        targetType: 'maker',
        targetId: 0,
        before: null,
        after: JSON.stringify({ cancelled }),
        reason: null,
        at: app.clock.now(),
      });
      return ok({ cancelled });
    },
  });

  app.route({
    ...settings.route(endpoints.operatorMakerFills),
    handler: async (request) => {
      return ok(await fillsView(app.db, request.query.symbol));
    },
  });
};

/** Bounds in order, and hedging only with a venue to hedge on. */
function checkBody(b: Body, venue: string | null): void {
  const inOrder = (min: string | null, max: string | null) =>
    min === null || max === null || new Decimal(min).lte(max);
  if (!inOrder(b.base_min, b.base_max)) throw new AppError('CONFIG_INVALID', { field: 'base_min' });
  if (!inOrder(b.quote_min, b.quote_max))
    throw new AppError('CONFIG_INVALID', { field: 'quote_min' });
  if (b.hedge && venue === null) throw new AppError('CONFIG_INVALID', { field: 'hedge' });
}
