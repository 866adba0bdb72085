import type { Route } from '../endpoint.ts';

/** Demo mode only: the codes "sent", read back without a phone or mailbox. */
export const demoRoutes = {
  demoOutbox: 'GET /dev/outbox',
} as const satisfies Record<string, Route>;
