import { serverModule } from '../../lib/module.ts';
import { deviceRoutes } from './routes.ts';

/** The user's sessions on their devices and the login history. */
export const devicesModule = serverModule({
  name: 'devices',
  dependencies: ['notifications', 'user'],
  routes: deviceRoutes,
});
