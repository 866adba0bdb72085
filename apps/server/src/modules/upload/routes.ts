import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { endpoints, UPLOAD_MAX_BYTES } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { findAdmin, ROLES } from '../operator-core/auth.ts';
import { findUpload, readUpload, saveUpload } from './store.ts';

const tags = ['uploads'];
const security = [{ token: [] }];

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20 },
  });

  app.route({
    ...routeOf(endpoints.uploadImage, { security, consumes: ['multipart/form-data'] }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = userOf(request);
      let bytes: Buffer | undefined;
      try {
        const file = request.isMultipart() ? await request.file() : undefined;
        if (file && file.fieldname === 'file') bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('FILE_TOO_LARGE');
        throw new AppError('FILE_REQUIRED');
      }
      if (!bytes || bytes.length === 0) throw new AppError('FILE_REQUIRED');
      return ok({ url: await saveUpload(app, user.id, bytes) });
    },
  });

  app.get(
    '/upload/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Read an upload: its owner, or an operator (admin, reviewer); anyone else gets 404. Send the token as a header (fetch it as a blob).',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const upload = await findUpload(app.db, request.params.id);
      await app.identify(request);
      let allowed = false;
      if (request.user) {
        allowed = upload?.userId === request.user.id;
      } else {
        const admin = await findAdmin(app, request);
        if (!admin) throw new AppError('UNAUTHENTICATED');
        if (!(ROLES.review as readonly string[]).includes(admin.role))
          throw new AppError('FORBIDDEN');
        allowed = Boolean(upload);
      }
      if (!upload || !allowed) throw new AppError('NOT_FOUND');
      return reply
        .type(upload.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(await readUpload(app, upload));
    },
  );
};
