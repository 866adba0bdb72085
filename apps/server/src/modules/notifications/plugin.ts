import { onPosted } from '@hx/ledger';
import { notificationRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';

/**
 * The notification centre under /api. Outcomes store their notifications themselves, in their
 * own transactions (`notify`, `AfterCommit` in notify.ts), and push them after the commit.
 * Every committed ledger entry tells its users' sockets `balances` (their open pages refetch).
 */
export const notificationsModule = serverModule({
  name: 'notifications',
  async setup(app) {
    const unhook = onPosted(app.db, (users) => {
      for (const user of users) app.hub.publishToUser(user, 'balances', {});
    });
    app.addHook('onClose', async () => unhook());
  },
  routes: notificationRoutes,
});
