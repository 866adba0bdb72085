import type { Route } from '../endpoint.ts';

/** Web push: the server's key, a browser's subscription, the switch per kind of event. */
export const pushRoutes = {
  pushKey: 'GET /push/key',
  pushSubscribe: 'POST /push/subscribe',
  pushUnsubscribe: 'POST /push/unsubscribe',
  pushPreferences: 'GET /push/preferences',
  pushSetPreference: 'POST /push/preferences',
} as const satisfies Record<string, Route>;
