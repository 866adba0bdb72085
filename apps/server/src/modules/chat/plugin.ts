import { chatAdminRoutes, chatRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';

/** Live chat: the user's `chat/*` routes and the operators' `admin/chat/*` under /api. Delivery
 * runs over the socket (app.hub): the user's `chat` channel and the operators' `chat.inbox`. */
export const chatModule = serverModule({
  name: 'chat',
  dependencies: ['coins', 'kyc', 'operator-core', 'upload'],
  routes: chatRoutes,
  operatorRoutes: async (admin) => admin.register(chatAdminRoutes, { prefix: '/chat' }),
});
