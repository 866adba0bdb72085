import type { Route } from '../endpoint.ts';

/** The notification centre. */
export const notificationRoutes = {
  notificationList: 'GET /notifications',
  notificationRead: 'POST /notifications/read',
} as const satisfies Record<string, Route>;
