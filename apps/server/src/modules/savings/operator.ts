import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configSavingsProduct } from '@hx/protocol';
import { coins, savingsProducts } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { operatorSettings } from '../operator-core/settings.ts';

type Product = typeof savingsProducts.$inferSelect;
type Terms = z.infer<typeof configSavingsProduct>;
const plain = (v: string) => new Decimal(v).toFixed();

/** A coin's terms; a coin never set up shows closed, at 0%. */
const termsView = (coin: { id: number; name: string }, p: Product | undefined): Terms => ({
  currency_id: coin.id,
  currency_name: coin.name,
  enabled: p?.enabled ?? false,
  min_amount: plain(p?.minAmount ?? '0'),
  redeem_quota: p?.redeemQuota ? plain(p.redeemQuota) : null,
  tiers: (p?.tiers ?? [{ upTo: null, annualRate: '0' }]).map((t) => ({
    up_to: t.upTo === null ? null : plain(t.upTo),
    annual_rate: plain(t.annualRate),
  })),
});

/** Flexible savings terms in the console (admin only): new rates apply from the next hour. */
export const savingsOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorSavingsProducts),
    handler: async () => {
      const rows = await app.db
        .select({ coin: { id: coins.id, name: coins.name }, p: savingsProducts })
        .from(coins)
        .leftJoin(savingsProducts, eq(savingsProducts.coinId, coins.id))
        .orderBy(asc(coins.sort), asc(coins.id));
      return ok(rows.map(({ coin, p }) => termsView(coin, p ?? undefined)));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorSavingsProductSave),
    handler: async (request) => {
      const coinId = request.params.currency_id;
      const body = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [coin] = await tx
          .select({ id: coins.id, name: coins.name })
          .from(coins)
          .where(eq(coins.id, coinId));
        if (!coin) throw new AppError('CURRENCY_INVALID');
        const [before] = await tx
          .select()
          .from(savingsProducts)
          .where(eq(savingsProducts.coinId, coinId))
          .for('update');
        const values = {
          enabled: body.enabled,
          minAmount: body.min_amount,
          redeemQuota: body.redeem_quota,
          tiers: body.tiers.map((t) => ({ upTo: t.up_to, annualRate: t.annual_rate })),
          updatedAt: app.clock.now(),
        };
        const [after] = await tx
          .insert(savingsProducts)
          .values({ coinId, ...values })
          .onConflictDoUpdate({ target: savingsProducts.coinId, set: values })
          .returning();
        await settings.changed(tx, request, { type: 'savings_product', id: coinId }, before, after);
        return termsView(coin, after);
      });
      return ok(row);
    },
  });
};
