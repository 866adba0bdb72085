import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushKey,
  pushPreferenceBody,
  pushPreferences,
  pushPreferencesQuery,
  pushSubscribeBody,
  pushUnsubscribeBody,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import type { VapidKeys } from './keys.ts';
import { preferences, setPreference, subscribe, unsubscribe } from './service.ts';

const tags = ['push'];
const security = [{ token: [] }];

/** Web push: the server's key, a browser's subscription, and the switch per kind of event. */
export const pushRoutes: FastifyPluginAsyncZod<{ keys: VapidKeys }> = async (app, { keys }) => {
  const onRequest = app.authenticate;

  app.get(
    '/push/key',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: okSchema(pushKey) },
      },
    },
    async () => ok({ public_key: keys.publicKey }),
  );

  app.post(
    '/push/subscribe',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Push your notifications to this browser: its PushSubscription's JSON",
        description:
          '`{endpoint, keys: {p256dh, auth}}` as JSON, or the form fields `endpoint`, ' +
          '`keys[p256dh]`, `keys[auth]`. The endpoint is https (http on 127.0.0.1 outside ' +
          'production). Subscribing an endpoint again moves it to you with the new keys.',
        body: pushSubscribeBody,
        response: { 200: okSchema(pushPreferences) },
      },
    },
    async (request) => {
      const user = userOf(request).id;
      await subscribe(app.db, app.config, user, request.body);
      return ok(await preferences(app.db, user, request.body.endpoint));
    },
  );

  app.post(
    '/push/unsubscribe',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Stop pushing to this browser (its endpoint)',
        body: pushUnsubscribeBody,
        response: { 200: okSchema(z.object({})) },
      },
    },
    async (request) => {
      await unsubscribe(app.db, userOf(request).id, request.body.endpoint);
      return ok({});
    },
  );

  app.get(
    '/push/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Your push switch per kind of event (on unless turned off)',
        description:
          'orders (spot and contract fills, stops, liquidations and their warnings), alerts ' +
          '(price alerts), options, funds (deposits and withdrawals), account (verification ' +
          "and security). With `endpoint` (this browser's), `this_device` says whether it " +
          'is subscribed for you.',
        querystring: pushPreferencesQuery,
        response: { 200: okSchema(pushPreferences) },
      },
    },
    async (request) => ok(await preferences(app.db, userOf(request).id, request.query.endpoint)),
  );

  app.post(
    '/push/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Turn pushing one kind of event on or off: `{kind, push: 1 | 0}`',
        body: pushPreferenceBody,
        response: { 200: okSchema(pushPreferences) },
      },
    },
    async (request) =>
      ok(
        await setPreference(
          app.db,
          userOf(request).id,
          request.body.kind,
          request.body.push,
          request.body.endpoint,
        ),
      ),
  );
};
