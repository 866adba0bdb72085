import { z } from 'zod';
import { epochMs } from './fields.ts';

/** The server's alert rules as the console shows them (docs/operations.md, "Alerts"). */

export const monitorAlert = z.object({
  id: z.number().int(),
  rule: z
    .string()
    .describe(
      'watcher_stalled, hot_wallet_low, books_unbalanced, withdrawal_waiting, deposit_waiting, index_stale, disk_nearly_full, nats_lost, postgres_lost, job_late, code_delivery_failing',
    ),
  subject: z.string().describe('what it is about: a network, a symbol, a job'),
  severity: z.enum(['critical', 'warning']),
  summary: z.string(),
  started_at: epochMs,
  notified_at: epochMs,
  resolved_at: epochMs.nullable(),
});
export type MonitorAlert = z.infer<typeof monitorAlert>;

export const monitorAlerts = z.object({
  firing: z.array(monitorAlert),
  resolved: z.array(monitorAlert).describe('the 50 resolved last'),
  /** Whether the calling operator is mailed when an alert fires and resolves. */
  mailed: z.boolean(),
  webhook: z.boolean().describe('ALERT_WEBHOOK_URL is set'),
});
export type MonitorAlerts = z.infer<typeof monitorAlerts>;

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

export const monitorSettingsBody = z.object({
  withdrawal_wait_minutes: whole(1, 100_000),
  deposit_wait_minutes: whole(1, 100_000),
  watcher_stall_seconds: whole(10, 1_000_000),
  index_stale_seconds: whole(5, 1_000_000),
  disk_free_min_percent: whole(1, 99),
  job_late_intervals: whole(2, 1000),
  repeat_minutes: whole(1, 100_000),
});
export const monitorSettings = monitorSettingsBody;
export type MonitorSettings = z.infer<typeof monitorSettings>;

export const monitorMailBody = z.object({ on: z.boolean() });
export const monitorMail = z.object({ mailed: z.boolean() });
