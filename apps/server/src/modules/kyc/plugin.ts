import { serverModule } from '../../lib/module.ts';
import { kycOperatorRoutes } from './operator.ts';
import { kycRoutes } from './routes.ts';

/** Identity checks: the user's basic and advanced KYC, and the operator's review queue. */
export const kycModule = serverModule({
  name: 'kyc',
  dependencies: ['notifications', 'operator-core', 'upload'],
  routes: kycRoutes,
  operatorRoutes: kycOperatorRoutes,
});
