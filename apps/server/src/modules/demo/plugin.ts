import { serverModule } from '../../lib/module.ts';
import { demoFundsRoutes } from './routes.ts';

/** Demo mode only: demo funds top-ups from the assets page. */
export const demoModule = serverModule({
  name: 'demo',
  demoOnly: true,
  dependencies: ['coins', 'operator-core'],
  routes: demoFundsRoutes,
});
