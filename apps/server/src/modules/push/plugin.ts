import { serverModule } from '../../lib/module.ts';
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
export const pushModule = serverModule({
  name: 'push',
  dependencies: ['notifications'],
  async setup(app) {
    const keys = await vapidKeys(app.db, app.clock.now());
    const delivery = new PushDelivery({
      db: app.db,
      log: app.log,
      keys,
      subject: vapidSubject(app.config),
      pushServiceHosts: app.config.pushServiceHosts,
    });
    app.decorate('push', delivery);
    const unhook = onAnnounced(app.hub, (told) => delivery.enqueue(told));
    app.addHook('onClose', async () => {
      unhook();
      await delivery.stop();
    });
  },
  routes: async (api) => api.register(pushRoutes, { keys: api.push.keys }),
});
