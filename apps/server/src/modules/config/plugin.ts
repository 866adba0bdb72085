import { serverModule } from '../../lib/module.ts';
import { configRoutes } from './routes.ts';

/** What the app reads before anything else: languages, area codes, support, versions. */
export const configModule = serverModule({ name: 'config', routes: configRoutes });
