import { serverModule } from '../../lib/module.ts';
import { authRoutes } from './routes.ts';

/** Codes, registration, login with lockout, sessions and logout. */
export const authModule = serverModule({ name: 'auth', routes: authRoutes });
