import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatAdminRoutes, chatRoutes } from './routes.ts';

/** Live chat: the user's `chat/*` routes and the operators' `admin/chat/*` under /api. Delivery
 * runs over the socket (app.hub): the user's `chat` channel and the operators' `chat.inbox`. */
export const chat = fp(async (app) => {
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(chatRoutes);
      await typed.register(chatAdminRoutes, { prefix: '/admin/chat' });
    },
    { prefix: '/api' },
  );
});
