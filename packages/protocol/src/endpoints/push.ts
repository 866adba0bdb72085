import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import {
  pushKey,
  pushPreferenceBody,
  pushPreferences,
  pushPreferencesQuery,
  pushSubscribeBody,
  pushUnsubscribeBody,
} from '../push.ts';
import { pushRoutes } from '../routes/push.ts';

export const pushEndpoints = defineEndpoints('push', pushRoutes, {
  pushKey: {
    summary: "The server's VAPID public key, for PushManager.subscribe",
    response: pushKey,
  },
  pushSubscribe: {
    summary: "Push your notifications to this browser: its PushSubscription's JSON",
    body: pushSubscribeBody,
    response: pushPreferences,
  },
  pushUnsubscribe: {
    summary: 'Stop pushing to this browser (its endpoint)',
    body: pushUnsubscribeBody,
    response: z.object({}),
  },
  pushPreferences: {
    summary: 'Your push switch per kind of event (on unless turned off)',
    query: pushPreferencesQuery,
    response: pushPreferences,
  },
  pushSetPreference: {
    summary: 'Turn pushing one kind of event on or off: `{kind, push: 1 | 0}`',
    body: pushPreferenceBody,
    response: pushPreferences,
  },
});
