import { defineEndpoints } from '../endpoint.ts';
import {
  monitorAlerts,
  monitorMail,
  monitorMailBody,
  monitorSettings,
  monitorSettingsBody,
} from '../monitoring.ts';
import { monitoringRoutes } from '../routes/monitoring.ts';

export const monitoringEndpoints = defineEndpoints('operator', monitoringRoutes, {
  operatorMonitorAlerts: {
    summary: 'Alerts firing and lately resolved, and whether the caller is mailed',
    response: monitorAlerts,
  },
  operatorMonitorSettings: {
    summary: "The alert rules' thresholds",
    response: monitorSettings,
  },
  operatorMonitorSettingsUpdate: {
    summary: "Edit the alert rules' thresholds (admin, audited)",
    body: monitorSettingsBody,
    response: monitorSettings,
  },
  operatorMonitorMail: {
    summary: 'Mail me, or stop mailing me, when an alert fires and resolves',
    body: monitorMailBody,
    response: monitorMail,
  },
});
