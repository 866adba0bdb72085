import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { admins } from './schema.ts';

/** The server's alert rules (apps/server/src/modules/monitoring): what fired, thresholds, who is mailed. */
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An alert: fired once per rule and subject (a network, a job, a process), notified again every
 * `repeat_minutes` while it fires, then resolved. At most one open per rule and subject.
 */
export const monitorAlerts = pgTable(
  'monitor_alerts',
  {
    id: serial('id').primaryKey(),
    rule: text('rule').notNull(),
    subject: text('subject').notNull(),
    severity: text('severity').notNull().$type<'critical' | 'warning'>(),
    summary: text('summary').notNull(),
    startedAt: at('started_at').notNull(),
    notifiedAt: at('notified_at').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('monitor_alerts_open_uq')
      .on(t.rule, t.subject)
      .where(sql`${t.resolvedAt} is null`),
    index('monitor_alerts_started_idx').on(t.startedAt),
  ],
);

/** The rules' thresholds, one row, edited in the console's settings. */
export const monitorSettings = pgTable(
  'monitor_settings',
  {
    id: integer('id').primaryKey(),
    withdrawalWaitMinutes: integer('withdrawal_wait_minutes').notNull().default(60),
    depositWaitMinutes: integer('deposit_wait_minutes').notNull().default(60),
    watcherStallSeconds: integer('watcher_stall_seconds').notNull().default(300),
    indexStaleSeconds: integer('index_stale_seconds').notNull().default(60),
    diskFreeMinPercent: integer('disk_free_min_percent').notNull().default(10),
    jobLateIntervals: integer('job_late_intervals').notNull().default(3),
    repeatMinutes: integer('repeat_minutes').notNull().default(60),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('monitor_settings_one', sql`${t.id} = 1`)],
);

/** Operators who asked to be mailed when an alert fires and resolves. */
export const monitorRecipients = pgTable('monitor_recipients', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id),
  createdAt: at('created_at').notNull().defaultNow(),
});
