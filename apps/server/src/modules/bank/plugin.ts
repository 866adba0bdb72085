import { serverModule } from '../../lib/module.ts';
import { bankRoutes } from './routes.ts';

/** The user's bank cards, for fiat withdrawals. */
export const bankModule = serverModule({
  name: 'bank',
  dependencies: ['security', 'verification'],
  routes: bankRoutes,
});
