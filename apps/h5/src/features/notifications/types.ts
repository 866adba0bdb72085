/** The notification centre's payloads (GET /api/notifications, the `notifications` channel). */
export type {
  NotificationItem as AppNotification,
  NotificationKind,
  NotificationList as NotificationPage,
  NotificationPush,
} from '@hx/protocol';
