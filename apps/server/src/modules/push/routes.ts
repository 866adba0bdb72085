import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import type { VapidKeys } from './keys.ts';
import { preferences, setPreference, subscribe, unsubscribe } from './service.ts';

const security = [{ token: [] }];

/** Web push: the server's key, a browser's subscription, and the switch per kind of event. */
export const pushRoutes: FastifyPluginAsyncZod<{ keys: VapidKeys }> = async (app, { keys }) => {
  const onRequest = app.authenticate;

  app.route({
    ...routeOf(endpoints.pushKey, { security }),
    onRequest,
    handler: async () => ok({ public_key: keys.publicKey }),
  });

  app.route({
    ...routeOf(endpoints.pushSubscribe, {
      security,
      description:
        '`{endpoint, keys: {p256dh, auth}}` as JSON, or the form fields `endpoint`, ' +
        '`keys[p256dh]`, `keys[auth]`. The endpoint is https (http on 127.0.0.1 outside ' +
        'production). Subscribing an endpoint again moves it to you with the new keys.',
    }),
    onRequest,
    handler: async (request) => {
      const user = userOf(request).id;
      await subscribe(app.db, app.config, user, request.body);
      return ok(await preferences(app.db, user, request.body.endpoint));
    },
  });

  app.route({
    ...routeOf(endpoints.pushUnsubscribe, { security }),
    onRequest,
    handler: async (request) => {
      await unsubscribe(app.db, userOf(request).id, request.body.endpoint);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.pushPreferences, {
      security,
      description:
        'orders (spot and contract fills, stops, liquidations and their warnings), alerts ' +
        '(price alerts), options, funds (deposits and withdrawals), account (verification ' +
        "and security). With `endpoint` (this browser's), `this_device` says whether it " +
        'is subscribed for you.',
    }),
    onRequest,
    handler: async (request) =>
      ok(await preferences(app.db, userOf(request).id, request.query.endpoint)),
  });

  app.route({
    ...routeOf(endpoints.pushSetPreference, { security }),
    onRequest,
    handler: async (request) =>
      ok(
        await setPreference(
          app.db,
          userOf(request).id,
          request.body.kind,
          request.body.push,
          request.body.endpoint,
        ),
      ),
  });
};
