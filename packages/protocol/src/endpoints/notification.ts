import { defineEndpoints } from '../endpoint.ts';
import {
  notificationList,
  notificationListQuery,
  notificationReadBody,
  notificationReadResult,
} from '../notifications.ts';
import { notificationRoutes } from '../routes/notification.ts';

export const notificationEndpoints = defineEndpoints('notifications', notificationRoutes, {
  notificationList: {
    summary: "Your notifications, newest first, in the request's language, with the unread count",
    query: notificationListQuery,
    response: notificationList,
  },
  notificationRead: {
    summary: 'Mark notifications read: `ids` comma-separated (only yours), absent or empty for all',
    body: notificationReadBody,
    response: notificationReadResult,
  },
});
