import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { endpoints, UPLOAD_MAX_BYTES } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { findUpload, readUpload, saveUpload, uploadUrl } from '../upload/store.ts';
import { chatContext } from './context.ts';
import { assertOwnOperatorUpload, recordOperatorUpload } from './operator-uploads.ts';
import {
  conversations,
  history,
  inChat,
  markRead,
  sendMessage,
  unreadForUser,
  userExists,
} from './service.ts';

const security = [{ token: [] }];

/** The user's side: `chat/send`, `chat/history`, `chat/read`, `chat/unread`. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.chatSend, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { body, image, client_id } = request.body;
      const user = userOf(request);
      return ok(
        await sendMessage(app, {
          userId: user.id,
          sender: 'user',
          adminId: null,
          body,
          image,
          clientId: client_id,
        }),
      );
    },
  });

  app.route({
    ...routeOf(endpoints.chatHistory, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await history(app, userOf(request).id, 'user', request.query)),
  });

  app.route({
    ...routeOf(endpoints.chatRead, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok({ count: await markRead(app, userOf(request).id, 'user', request.body.up_to_id) }),
  });

  app.route({
    ...routeOf(endpoints.chatUnread, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ count: await unreadForUser(app, userOf(request).id) }),
  });
};

const under = '/admin/chat';

/** The operators' inbox under /admin/chat (roles admin and support). */
export const chatAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20 },
  });
  const onRequest = allow(app, ROLES.support);
  const knownUser = async (userId: number) => {
    if (!(await userExists(app, userId))) throw new AppError('NOT_FOUND');
  };

  app.route({
    ...routeOf(endpoints.operatorChatConversations, { security, under }),
    onRequest,
    handler: async (request) =>
      ok(await conversations(app, request.query.page, request.query.limit)),
  });

  app.route({
    ...routeOf(endpoints.operatorChatMessages, { security, under }),
    onRequest,
    handler: async (request) => {
      await knownUser(request.query.user_id);
      return ok(await history(app, request.query.user_id, 'operator', request.query));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorChatContext, { security, under }),
    onRequest,
    handler: async (request) => ok(await chatContext(app, request.query.user_id)),
  });

  app.route({
    ...routeOf(endpoints.operatorChatReply, { security, under }),
    onRequest,
    handler: async (request) => {
      const { user_id, body, image, client_id } = request.body;
      await knownUser(user_id);
      if (image) await assertOwnOperatorUpload(app, adminOf(request).id, user_id, image);
      return ok(
        await sendMessage(app, {
          userId: user_id,
          sender: 'operator',
          adminId: adminOf(request).id,
          body,
          image,
          clientId: client_id,
        }),
      );
    },
  });

  app.route({
    ...routeOf(endpoints.operatorChatRead, { security, under }),
    onRequest,
    handler: async (request) => {
      const { user_id, up_to_id } = request.body;
      return ok({ count: await markRead(app, user_id, 'operator', up_to_id) });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorChatUpload, {
      security,
      under,
      consumes: ['multipart/form-data'],
    }),
    onRequest,
    handler: async (request) => {
      const userId = request.query.user_id;
      await knownUser(userId);
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
      const url = await saveUpload(app, userId, bytes);
      await recordOperatorUpload(app, adminOf(request).id, userId, url);
      return ok({ url });
    },
  });

  app.get(
    '/image/:id',
    {
      onRequest,
      schema: {
        tags: ['operator'],
        security,
        summary: 'An image sent in a chat (support operators cannot read other uploads)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const upload = await findUpload(app.db, request.params.id);
      if (!upload || !(await inChat(app, uploadUrl(upload.publicId))))
        throw new AppError('NOT_FOUND');
      return reply
        .type(upload.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(await readUpload(app, upload));
    },
  );
};
