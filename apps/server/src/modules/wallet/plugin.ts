import { serverModule } from '../../lib/module.ts';
import { recordRoutes } from './records-routes.ts';
import { walletRoutes } from './routes.ts';

/** Balances, transfers between accounts, conversion and the user's records. */
export const walletModule = serverModule({
  name: 'wallet',
  dependencies: ['coins'],
  routes: async (api) => {
    await api.register(walletRoutes);
    await api.register(recordRoutes);
  },
});
