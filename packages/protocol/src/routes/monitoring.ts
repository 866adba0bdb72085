import type { Route } from '../endpoint.ts';

/** The server's alerts in the console: what fires, the thresholds, who is mailed (monitoring/). */
export const monitoringRoutes = {
  operatorMonitorAlerts: 'GET /admin/monitor/alerts',
  operatorMonitorSettings: 'GET /admin/monitor/settings',
  operatorMonitorSettingsUpdate: 'PUT /admin/monitor/settings',
  operatorMonitorMail: 'POST /admin/monitor/mail',
} as const satisfies Record<string, Route>;
