import { serverModule } from '../../lib/module.ts';
import { uploadRoutes } from './routes.ts';

/** Uploaded images (KYC documents, deposit vouchers): stored and served to who may see them. */
export const uploadModule = serverModule({
  name: 'upload',
  dependencies: ['operator-core'],
  routes: uploadRoutes,
});
