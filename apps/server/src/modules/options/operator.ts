import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configOptionPeriod } from '@hx/protocol';
import { optionPeriods, type Db } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { forgetPeriods, PERIODS_SUBJECT } from './periods.ts';
import { tellOthers } from '../../lib/bus.ts';

type Period = typeof optionPeriods.$inferSelect;
const periodView = (p: Period): z.infer<typeof configOptionPeriod> => ({
  seconds: p.seconds,
  profit_rate: plain(p.profitRate),
  min_amount: plain(p.minAmount),
  enabled: p.enabled,
  sort: p.sort,
});
const periodRow = async (tx: Db, seconds: number) =>
  (
    await tx.select().from(optionPeriods).where(eq(optionPeriods.seconds, seconds)).for('update')
  )[0];

/** Option periods in the console (admin only, under /api/admin). */
export const optionOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);
  /** Orders and lists here read the table anew; the other processes too (`PERIODS_SUBJECT`). */
  const changed = () => {
    forgetPeriods(app.db);
    tellOthers(app.bus, PERIODS_SUBJECT);
  };

  app.route({
    ...settings.route(endpoints.operatorOptionPeriods),
    handler: async () =>
      ok(
        (
          await app.db
            .select()
            .from(optionPeriods)
            .orderBy(asc(optionPeriods.sort), asc(optionPeriods.seconds))
        ).map(periodView),
      ),
  });

  app.route({
    ...settings.route(endpoints.operatorOptionPeriodCreate),
    handler: async (request) => {
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [added] = await tx
          .insert(optionPeriods)
          .values({
            seconds: b.seconds,
            profitRate: b.profit_rate,
            minAmount: b.min_amount,
            enabled: b.enabled,
            sort: b.sort,
          })
          .onConflictDoNothing()
          .returning();
        if (!added) throw new AppError('CONFIG_INVALID', { field: 'seconds' });
        await settings.created(request, tx, 'option_period', added.seconds, added);
        return added;
      });
      changed();
      return ok(periodView(row));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorOptionPeriodUpdate),
    handler: async (request) => {
      const b = request.body;
      const seconds = request.params.seconds;
      const row = await settings.edit(
        request,
        { type: 'option_period', id: seconds },
        (tx) => periodRow(tx, seconds),
        async (tx) => {
          await tx
            .update(optionPeriods)
            .set({
              profitRate: b.profit_rate,
              minAmount: b.min_amount,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(optionPeriods.seconds, seconds));
        },
      );
      changed();
      return ok(periodView(row));
    },
  });
};
