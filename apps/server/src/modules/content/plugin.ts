import { contentAdminRoutes } from './operator.ts';
import { contentRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';

/** Content and support under /api: notices, banners, help, feedback, and their operator routes
 * under /api/admin (roles support and admin). */
export const contentModule = serverModule({
  name: 'content',
  dependencies: ['lever', 'operator-core', 'upload'],
  routes: contentRoutes,
  operatorRoutes: contentAdminRoutes,
});
