import { serverModule } from '../../lib/module.ts';
import { consoleRoutes } from './console.ts';
import { adminRoutes } from './routes.ts';

/**
 * Operators under /api/admin, registered once (app.ts): login and the second factor, sessions,
 * roles, the audit log, freezing users, and the console's own screens (dashboard, users,
 * operators). A domain's review queue or settings are its own routes beside it (e.g.
 * deposit/operator.ts), built with queue.ts and settings.ts and registered by its plugin.
 */
export const operatorModule = serverModule({
  name: 'operator',
  dependencies: ['api-keys', 'kyc', 'notifications', 'operator-core', 'passkeys', 'verification'],
  operatorRoutes: async (admin) => {
    await admin.register(adminRoutes);
    await admin.register(consoleRoutes);
  },
});
