import { z } from 'zod';
import { alertCreateBody, alertCreated, alertIdParams, alertList } from '../alerts.ts';
import { defineEndpoints } from '../endpoint.ts';
import { alertRoutes } from '../routes/alert.ts';

export const alertEndpoints = defineEndpoints('alerts', alertRoutes, {
  alertList: {
    summary: 'Your price alerts: waiting ones first, then the recently fired ones',
    response: alertList,
  },
  alertCreate: { summary: 'Create a price alert', body: alertCreateBody, response: alertCreated },
  alertDelete: {
    summary: 'Delete one of your price alerts',
    params: alertIdParams,
    response: z.object({}),
  },
});
