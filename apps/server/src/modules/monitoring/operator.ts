import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type MonitorAlert, type MonitorSettings } from '@hx/protocol';
import { monitorAlerts, monitorRecipients, monitorSettings } from '@hx/db';
import { routeOf } from '../../lib/endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { operatorSettings } from '../operator-core/settings.ts';

const security = [{ token: [] }];

const alertView = (a: typeof monitorAlerts.$inferSelect): MonitorAlert => ({
  id: a.id,
  rule: a.rule,
  subject: a.subject,
  severity: a.severity,
  summary: a.summary,
  started_at: a.startedAt.getTime(),
  notified_at: a.notifiedAt.getTime(),
  resolved_at: a.resolvedAt?.getTime() ?? null,
});

const settingsView = (s: typeof monitorSettings.$inferSelect): MonitorSettings => ({
  withdrawal_wait_minutes: s.withdrawalWaitMinutes,
  deposit_wait_minutes: s.depositWaitMinutes,
  watcher_stall_seconds: s.watcherStallSeconds,
  index_stale_seconds: s.indexStaleSeconds,
  disk_free_min_percent: s.diskFreeMinPercent,
  job_late_intervals: s.jobLateIntervals,
  repeat_minutes: s.repeatMinutes,
});

/** The alerts in the console (every operator), their thresholds (admin), mail opt-in (each for self). */
export const monitoringOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const any = allow(app, ROLES.any);
  const settings = operatorSettings(app);

  app.route({
    ...routeOf(endpoints.operatorMonitorAlerts, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      const [firing, resolved, mailed] = await Promise.all([
        app.db
          .select()
          .from(monitorAlerts)
          .where(isNull(monitorAlerts.resolvedAt))
          .orderBy(desc(monitorAlerts.startedAt)),
        app.db
          .select()
          .from(monitorAlerts)
          .where(isNotNull(monitorAlerts.resolvedAt))
          .orderBy(desc(monitorAlerts.resolvedAt))
          .limit(50),
        app.db
          .select()
          .from(monitorRecipients)
          .where(eq(monitorRecipients.adminId, adminOf(request).id)),
      ]);
      return ok({
        firing: firing.map(alertView),
        resolved: resolved.map(alertView),
        mailed: mailed.length > 0,
        webhook: app.config.alertWebhookUrl !== undefined,
      });
    },
  });

  const load = async () =>
    (await app.db.select().from(monitorSettings).where(eq(monitorSettings.id, 1)))[0];
  app.route({
    ...settings.route(endpoints.operatorMonitorSettings),
    handler: async () => ok(settingsView((await load())!)),
  });

  app.route({
    ...settings.route(endpoints.operatorMonitorSettingsUpdate),
    handler: async (request) => {
      const b = request.body;
      const row = await settings.edit(
        request,
        { type: 'monitor_settings', id: 1 },
        async (tx) =>
          (
            await tx.select().from(monitorSettings).where(eq(monitorSettings.id, 1)).for('update')
          )[0],
        async (tx) => {
          await tx
            .update(monitorSettings)
            .set({
              withdrawalWaitMinutes: b.withdrawal_wait_minutes,
              depositWaitMinutes: b.deposit_wait_minutes,
              watcherStallSeconds: b.watcher_stall_seconds,
              indexStaleSeconds: b.index_stale_seconds,
              diskFreeMinPercent: b.disk_free_min_percent,
              jobLateIntervals: b.job_late_intervals,
              repeatMinutes: b.repeat_minutes,
              updatedAt: app.clock.now(),
            })
            .where(eq(monitorSettings.id, 1));
        },
      );
      return ok(settingsView(row));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorMonitorMail, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      const adminId = adminOf(request).id;
      if (request.body.on)
        await app.db.insert(monitorRecipients).values({ adminId }).onConflictDoNothing();
      else
        await app.db.delete(monitorRecipients).where(and(eq(monitorRecipients.adminId, adminId)));
      return ok({ mailed: request.body.on });
    },
  });
};
