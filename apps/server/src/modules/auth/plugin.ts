import { serverModule } from '../../lib/module.ts';
import { authRoutes } from './routes.ts';

/** Codes, registration, login with lockout, sessions and logout. */
export const authModule = serverModule({
  name: 'auth',
  dependencies: [
    'api-keys',
    'devices',
    'notifications',
    'passkeys',
    'security',
    'two-factor',
    'user',
    'verification',
  ],
  routes: authRoutes,
});
