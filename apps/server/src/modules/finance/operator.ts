import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configFinanceProduct, type configFinanceProductBody } from '@hx/protocol';
import { coins, financeProducts, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { tellOthers } from '../../lib/bus.ts';
import { forgetProducts, PRODUCTS_SUBJECT } from './products.ts';

type Product = typeof financeProducts.$inferSelect;
const productView = (p: Product): z.infer<typeof configFinanceProduct> => ({
  id: p.id,
  code: p.code,
  name: p.name,
  currency_id: p.coinId,
  days: p.days,
  min_amount: plain(p.minAmount),
  max_amount: p.maxAmount === null ? null : plain(p.maxAmount),
  daily_rate: plain(p.dailyRate),
  penalty_rate: p.penaltyRate === null ? null : plain(p.penaltyRate),
  enabled: p.enabled,
  sort: p.sort,
});
const productValues = async (tx: Db, b: z.output<typeof configFinanceProductBody>) => {
  const [coin] = await tx.select({ id: coins.id }).from(coins).where(eq(coins.id, b.currency_id));
  if (!coin) throw new AppError('CURRENCY_INVALID');
  if (b.max_amount !== null && new Decimal(b.max_amount).lt(b.min_amount))
    throw new AppError('CONFIG_MIN_ABOVE_MAX');
  return {
    name: b.name,
    coinId: b.currency_id,
    days: b.days,
    minAmount: b.min_amount,
    maxAmount: b.max_amount,
    dailyRate: b.daily_rate,
    penaltyRate: b.penalty_rate,
    enabled: b.enabled,
    sort: b.sort,
  };
};

/** Financial products in the console (admin only, under /api/admin). */
export const financeOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);
  /** Buys here read the products anew; the other processes too (`PRODUCTS_SUBJECT`). */
  const changed = () => {
    forgetProducts(app.db);
    tellOthers(app.bus, PRODUCTS_SUBJECT);
  };

  app.route({
    ...settings.route(endpoints.operatorFinanceProducts),
    handler: async () =>
      ok(
        (
          await app.db
            .select()
            .from(financeProducts)
            .orderBy(asc(financeProducts.sort), asc(financeProducts.id))
        ).map(productView),
      ),
  });

  app.route({
    ...settings.route(endpoints.operatorFinanceProductCreate),
    handler: async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const values = await productValues(tx, request.body);
        const [row] = await tx
          .insert(financeProducts)
          .values({ ...values, code: `op-${app.clock.now().getTime().toString(36)}` })
          .returning();
        await settings.created(request, tx, 'finance_product', row!.id, row!);
        return row!;
      });
      changed();
      return ok(productView(row));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorFinanceProductUpdate),
    handler: async (request) => {
      const id = request.params.id;
      const row = await settings.edit(
        request,
        { type: 'finance_product', id },
        async (tx) =>
          (
            await tx.select().from(financeProducts).where(eq(financeProducts.id, id)).for('update')
          )[0],
        async (tx) => {
          await tx
            .update(financeProducts)
            .set(await productValues(tx, request.body))
            .where(eq(financeProducts.id, id));
        },
      );
      changed();
      return ok(productView(row));
    },
  });
};
