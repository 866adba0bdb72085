import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { endpoints } from '@hx/protocol';
import { users } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { findUpload, ownUpload, publicIdOf, readUpload } from '../upload/store.ts';
import { userViewOf } from './view.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const tags = ['user'];
const security = [{ token: [] }];

/** Where an avatar is read: public (an `<img>` can show it), unlike other uploads. */
export const avatarUrl = (publicId: string) => `/api/avatar/${publicId}`;

/**
 * The head portrait: one of the user's own uploads becomes their avatar. Only an upload that is
 * somebody's current avatar is readable by anyone, through /api/avatar/<id>; the rest of the
 * uploads stay private.
 */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.userSetAvatar, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = userOf(request);
      const own = await ownUpload(app.db, user.id, request.body.avatar);
      const [updated] = await app.db
        .update(users)
        .set({ avatar: avatarUrl(publicIdOf(own)!) })
        .where(eq(users.id, user.id))
        .returning();
      sessionsChanged();
      return ok(await userViewOf(app.db, updated!));
    },
  });

  app.get(
    '/avatar/:id',
    {
      schema: {
        tags,
        summary: "A user's avatar image (only uploads set as an avatar are served here)",
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const upload = await findUpload(app.db, request.params.id);
      const [owner] = upload
        ? await app.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.avatar, avatarUrl(upload.publicId)))
        : [];
      if (!upload || !owner || owner.id !== upload.userId) throw new AppError('NOT_FOUND');
      return reply
        .type(upload.mime)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(await readUpload(app, upload));
    },
  );
};
