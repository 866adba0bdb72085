import { serverModule } from '../../lib/module.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { userRoutes } from './routes.ts';

/** The user centre: profile, nickname, language, avatar (its image served too). */
export const userModule = serverModule({
  name: 'user',
  dependencies: ['upload', 'verification'],
  routes: async (api) => {
    await api.register(userRoutes);
    await api.register(avatarRoutes);
  },
});
