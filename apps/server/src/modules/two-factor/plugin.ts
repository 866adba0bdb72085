import { serverModule } from '../../lib/module.ts';
import { twoFactorRoutes } from './routes.ts';

/** The user's authenticator app (TOTP), recovery codes and the second login step. */
export const twoFactorModule = serverModule({
  name: 'two-factor',
  dependencies: ['devices', 'notifications', 'security', 'verification'],
  routes: twoFactorRoutes,
});
