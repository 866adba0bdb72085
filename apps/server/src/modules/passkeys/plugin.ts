import { serverModule } from '../../lib/module.ts';
import { passkeyOperatorRoutes } from './operator.ts';
import { passkeyRoutes } from './routes.ts';

/**
 * Passkeys (WebAuthn): adding, listing and removing them, and logging in with one; an admin
 * removes one of a user's under /api/admin (operator.ts).
 */
export const passkeysModule = serverModule({
  name: 'passkeys',
  dependencies: ['devices', 'notifications', 'operator-core', 'security', 'verification'],
  routes: passkeyRoutes,
  operatorRoutes: passkeyOperatorRoutes,
});
