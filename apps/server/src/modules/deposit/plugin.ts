import { serverModule } from '../../lib/module.ts';
import { coinNetworkSettings } from './networks.ts';
import { depositOperatorRoutes } from './operator.ts';
import { depositRoutes } from './routes.ts';

/**
 * Deposits, and the coins' networks they arrive on: `app.coinNetworks` (deposit addresses,
 * xpubs, withdrawal limits) loaded before any route runs; the operator's review queue and the
 * coins' and networks' settings.
 */
export const depositModule = serverModule({
  name: 'deposit',
  dependencies: ['address', 'coins', 'kyc', 'notifications', 'operator-core', 'upload'],
  async setup(app) {
    await app.register(coinNetworkSettings);
  },
  routes: depositRoutes,
  operatorRoutes: depositOperatorRoutes,
});
