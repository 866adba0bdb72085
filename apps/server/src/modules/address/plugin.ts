import { serverModule } from '../../lib/module.ts';
import { addressRoutes } from './routes.ts';

/** The withdrawal address book, each address checked for its network's format. */
export const addressModule = serverModule({
  name: 'address',
  dependencies: ['coins', 'security', 'verification'],
  routes: addressRoutes,
});
