import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { idField, requiredText } from '../fields.ts';
import { apiKeyRoutes } from '../routes/api-key.ts';
import { totpField } from '../two-factor.ts';

/** `read`, or `read,trade`: what a program signing with the key may do. */
const permissions = z.enum(['read', 'read,trade'], { error: 'VALIDATION' });

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

export const apiKeyEndpoints = defineEndpoints('security', apiKeyRoutes, {
  apiKeyCreate: {
    summary:
      'Create an API key (read, or read and spot trading); the secret is in this answer only. The authenticator code when 2FA is on',
    body: createBody,
    response: created,
  },
  apiKeyList: {
    summary: 'Your API keys, newest first, without their secrets',
    response: z.object({ list: z.array(keyItem) }),
  },
  apiKeyDelete: {
    summary: 'Delete one of your API keys: requests signed with it are refused at once',
    params: z.object({ id: idField('API_KEY_NOT_FOUND') }),
    response: z.object({}),
  },
});
