import { serverModule } from '../../lib/module.ts';
import { passkeyRoutes } from './routes.ts';

/** Passkeys (WebAuthn): adding, listing and removing them, and logging in with one. */
export const passkeysModule = serverModule({
  name: 'passkeys',
  dependencies: ['auth'],
  routes: passkeyRoutes,
});
