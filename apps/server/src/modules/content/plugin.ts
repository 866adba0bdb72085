import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarRoutes } from '../user/avatar.ts';
import { contentAdminRoutes } from './operator.ts';
import { contentRoutes } from './routes.ts';

/** Content and support under /api: notices, banners, help, feedback, the avatar, and their
 * operator routes under /api/admin (roles support and admin). */
export const content = fp(async (app) => {
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(contentRoutes);
      await typed.register(avatarRoutes);
      await typed.register(contentAdminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
});
