import { serverModule } from '../../lib/module.ts';
import { withdrawOperatorRoutes } from './operator.ts';
import { withdrawRoutes } from './routes.ts';

/** Withdrawals, and the operator's review queue with four eyes above a threshold. */
export const withdrawModule = serverModule({
  name: 'withdraw',
  dependencies: [
    'coins',
    'deposit',
    'kyc',
    'notifications',
    'operator-core',
    'security',
    'verification',
    'wallet',
  ],
  routes: withdrawRoutes,
  operatorRoutes: withdrawOperatorRoutes,
});
