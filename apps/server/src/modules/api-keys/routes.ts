import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, requiredText, totpField } from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { API_KEY_PERMISSIONS } from './permissions.ts';
import { createKey, deleteKey, listKeys } from './service.ts';

const tags = ['security'];
const security = [{ token: [] }];

const permissions = z.enum(API_KEY_PERMISSIONS, { error: 'VALIDATION' });
const createBody = z.object({
  label: requiredText('VALIDATION', 40),
  permissions,
  ips: z
    .union([z.string().max(2000), z.array(z.string().max(64)).max(100)])
    .optional()
    .describe('addresses allowed to use the key, comma-separated or a list; empty: any'),
  totp: totpField,
});
const created = z.object({
  id: z.number(),
  key: z.string(),
  secret: z.string().describe('shown only in this answer'),
});
const keyItem = z.object({
  id: z.number(),
  label: z.string(),
  key: z.string(),
  permissions,
  ips: z.array(z.string()),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});

/** The user's API keys for programs (signed requests: plugin.ts, signed-request.ts). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/api_keys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Create an API key (read, or read and spot trading); the secret is in this answer only. The authenticator code when 2FA is on',
        body: createBody,
        response: { 200: okSchema(created) },
      },
    },
    async (request) => ok(await createKey(app, userOf(request).id, request.body)),
  );

  app.get(
    '/user/api_keys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your API keys, newest first, without their secrets',
        response: { 200: okSchema(z.object({ list: z.array(keyItem) })) },
      },
    },
    async (request) => ok({ list: await listKeys(app, userOf(request).id) }),
  );

  app.post(
    '/user/api_keys/:id/delete',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete one of your API keys: requests signed with it are refused at once',
        params: z.object({ id: idField('API_KEY_NOT_FOUND') }),
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await deleteKey(app, userOf(request).id, request.params.id);
      return ok({});
    },
  );
};
