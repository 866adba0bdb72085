import { serverModule } from '../../lib/module.ts';
import { pendingActionRoutes } from './pending-actions.ts';

/**
 * What every domain's operator side is built on, under the console (operator): the operator
 * guard and roles (auth.ts), the audit log, a review queue (queue.ts) and a settings route
 * (settings.ts), and the changes that wait for a second admin (pending-actions.ts: each kind
 * applied by the module that owns it, through defineOperatorAction; their routes are here).
 */
export const operatorCoreModule = serverModule({
  name: 'operator-core',
  dependencies: ['notifications'],
  operatorRoutes: pendingActionRoutes,
});
