import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { admins, monitorRecipients } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { Firing } from './rules.ts';

/** An alert as it is told: firing (first time or again) or resolved. */
export interface Notice extends Firing {
  status: 'firing' | 'resolved';
  startedAt: Date;
  resolvedAt: Date | null;
}

/** Alertmanager's "zero time": what endsAt says while an alert still fires. */
const ZERO_TIME = '0001-01-01T00:00:00Z';
const RECEIVER = 'exchange';

const labelsOf = (n: Notice, app: string) => ({
  alertname: n.rule,
  subject: n.subject,
  severity: n.severity,
  service: app,
});

/**
 * The body Prometheus Alertmanager posts to a webhook receiver (version 4), so whatever already
 * takes Alertmanager's webhooks takes these: one notice per body, grouped by alert name.
 */
export function alertmanagerBody(n: Notice, appName: string, externalUrl: string) {
  const labels = labelsOf(n, appName);
  const annotations = { summary: n.summary };
  return {
    version: '4',
    groupKey: `{}:{alertname="${n.rule}"}`,
    truncatedAlerts: 0,
    status: n.status,
    receiver: RECEIVER,
    groupLabels: { alertname: n.rule },
    commonLabels: labels,
    commonAnnotations: annotations,
    externalURL: externalUrl,
    alerts: [
      {
        status: n.status,
        labels,
        annotations,
        startsAt: n.startedAt.toISOString(),
        endsAt: n.resolvedAt ? n.resolvedAt.toISOString() : ZERO_TIME,
        generatorURL: `${externalUrl}/admin/#/alerts`,
        fingerprint: createHash('sha256')
          .update(`${n.rule}\0${n.subject}`)
          .digest('hex')
          .slice(0, 16),
      },
    ],
  };
}

const WEBHOOK_TIMEOUT_MS = 5000;

/** Posts to ALERT_WEBHOOK_URL and mails the operators who opted in; failures are logged. */
export async function tell(
  app: Pick<ServerDeps, 'config' | 'db' | 'sender' | 'log'>,
  notice: Notice,
): Promise<void> {
  const { config, log } = app;
  const externalUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const jobs: Promise<unknown>[] = [];
  if (config.alertWebhookUrl)
    jobs.push(
      fetch(config.alertWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alertmanagerBody(notice, config.appName, externalUrl)),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      }).then((response) => {
        if (!response.ok) throw new Error(`webhook answered ${response.status}`);
      }),
    );
  if (app.sender.notice && notice.rule !== 'postgres_lost')
    jobs.push(
      app.db
        .select({ email: admins.email })
        .from(monitorRecipients)
        .innerJoin(admins, eq(admins.id, monitorRecipients.adminId))
        .where(eq(admins.disabled, false))
        .then((rows) =>
          Promise.all(
            rows.map(({ email }) =>
              app.sender.notice!({
                destination: email,
                lang: 'en',
                title: `[${notice.status.toUpperCase()}] ${notice.rule}: ${notice.subject}`,
                body: notice.summary,
              }),
            ),
          ),
        ),
    );
  const results = await Promise.allSettled(jobs);
  for (const r of results)
    if (r.status === 'rejected')
      log.warn(
        { err: r.reason, rule: notice.rule, subject: notice.subject },
        'alert not delivered',
      );
}
