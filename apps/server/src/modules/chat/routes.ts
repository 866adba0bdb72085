import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  chatAdminReadBody,
  chatContext as chatContextSchema,
  chatContextQuery,
  chatConversation,
  chatConversationsQuery,
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatMessagesQuery,
  chatReadBody,
  chatReadResult,
  chatReplyBody,
  chatSendBody,
  chatUnread,
  pageOf,
  UPLOAD_MAX_BYTES,
  uploadResult,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from '../operator/auth.ts';
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

const tags = ['chat'];
const security = [{ token: [] }];

/** The user's side: `chat/send`, `chat/history`, `chat/read`, `chat/unread`. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/chat/send',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Send a text (`body`) or an image (`image`, an upload url) to support; sending the same `client_id` again returns the stored message',
        body: chatSendBody,
        response: { 200: okSchema(chatMessage) },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/chat/history',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Your conversation, oldest first: the latest `limit`, older ones with `before_id`, newer ones with `after_id` (after a reconnect)',
        querystring: chatHistoryQuery,
        response: { 200: okSchema(chatHistory) },
      },
    },
    async (request) => ok(await history(app, userOf(request).id, 'user', request.query)),
  );

  app.post(
    '/chat/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark the replies up to `up_to_id` read',
        body: chatReadBody,
        response: { 200: okSchema(chatReadResult) },
      },
    },
    async (request) =>
      ok({ count: await markRead(app, userOf(request).id, 'user', request.body.up_to_id) }),
  );

  app.get(
    '/chat/unread',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Replies you have not read (the badge on the menu)',
        response: { 200: okSchema(chatUnread) },
      },
    },
    async (request) => ok({ count: await unreadForUser(app, userOf(request).id) }),
  );
};

const adminTags = ['operator'];

/** The operators' inbox under /admin/chat (roles admin and support). */
export const chatAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20 },
  });
  const onRequest = allow(app, ROLES.support);
  const knownUser = async (userId: number) => {
    if (!(await userExists(app, userId))) throw new AppError('NOT_FOUND');
  };

  app.get(
    '/conversations',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'Conversations by their latest message, newest first, with unread counts',
        querystring: chatConversationsQuery,
        response: { 200: okSchema(pageOf(chatConversation)) },
      },
    },
    async (request) => ok(await conversations(app, request.query.page, request.query.limit)),
  );

  app.get(
    '/messages',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: 'One conversation, paged like chat/history',
        querystring: chatMessagesQuery,
        response: { 200: okSchema(chatHistory) },
      },
    },
    async (request) => {
      await knownUser(request.query.user_id);
      return ok(await history(app, request.query.user_id, 'operator', request.query));
    },
  );

  app.get(
    '/context',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary:
          "Beside a conversation: the user's id, account, KYC state and latest 5 deposits and withdrawals",
        querystring: chatContextQuery,
        response: { 200: okSchema(chatContextSchema) },
      },
    },
    async (request) => ok(await chatContext(app, request.query.user_id)),
  );

  app.post(
    '/reply',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Reply to a user (text or an image uploaded with admin/chat/upload); idempotent by client_id',
        body: chatReplyBody,
        response: { 200: okSchema(chatMessage) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/read',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary: "Mark the user's messages up to `up_to_id` read",
        body: chatAdminReadBody,
        response: { 200: okSchema(chatReadResult) },
      },
    },
    async (request) => {
      const { user_id, up_to_id } = request.body;
      return ok({ count: await markRead(app, user_id, 'operator', up_to_id) });
    },
  );

  app.post(
    '/upload',
    {
      onRequest,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Upload an image into a conversation (multipart `file`, `?user_id=`); the user can read it, then send it with admin/chat/reply',
        consumes: ['multipart/form-data'],
        querystring: z.object({ user_id: chatReplyBody.shape.user_id }),
        response: { 200: okSchema(uploadResult) },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/image/:id',
    {
      onRequest,
      schema: {
        tags: adminTags,
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
