import { serverModule } from '../../lib/module.ts';
import { protectionRoutes } from './protection-routes.ts';
import { securityRoutes } from './routes.ts';

/** The fund password, the anti-phishing code and the withdrawal protections. */
export const securityModule = serverModule({
  name: 'security',
  dependencies: ['notifications', 'verification'],
  routes: async (api) => {
    await api.register(securityRoutes);
    await api.register(protectionRoutes);
  },
});
