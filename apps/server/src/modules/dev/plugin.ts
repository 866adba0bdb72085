import { serverModule } from '../../lib/module.ts';
import { devRoutes } from './routes.ts';

/** Demo mode only: the outbox of the codes that would have been sent. */
export const devModule = serverModule({
  name: 'dev',
  dependencies: ['mail', 'operator-core'],
  demoOnly: true,
  routes: devRoutes,
});
