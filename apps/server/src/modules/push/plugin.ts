import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onAnnounced } from '../notifications/notify.ts';
import { PushDelivery } from './delivery.ts';
import { vapidKeys, vapidSubject } from './keys.ts';
import { pushRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push of the notification centre (`push.idle()` in tests). */
    push: PushDelivery;
  }
}

/**
 * Web push under /api: the VAPID keys (made on the first start, kept in `meta`), browsers'
 * subscriptions, the switch per kind of event, and the delivery of every notification the
 * centre announces after its commit.
 */
export const webPush = fp(async (app) => {
  const keys = await vapidKeys(app.db, app.clock.now());
  const delivery = new PushDelivery({
    db: app.db,
    log: app.log,
    keys,
    subject: vapidSubject(app.config),
  });
  app.decorate('push', delivery);
  const unhook = onAnnounced(app.hub, (told) => delivery.enqueue(told));
  app.addHook('onClose', async () => {
    unhook();
    await delivery.stop();
  });
  await app.register(
    async (api) => {
      await api.withTypeProvider<ZodTypeProvider>().register(pushRoutes, { keys });
    },
    { prefix: '/api' },
  );
});
