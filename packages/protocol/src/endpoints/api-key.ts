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
  public_key: z
    .string()
    .max(2000)
    .optional()
    .describe(
      'an Ed25519 public key (PEM, or its 32 bytes in base64) for a key that signs with its private half (the Binance-compatible API); none: an HMAC key with a secret',
    ),
  totp: totpField,
});
/** How a key signs: with the secret shown once (HMAC), or with the user's Ed25519 private key. */
const kind = z.enum(['hmac', 'ed25519']);
const created = z.object({
  id: z.number(),
  key: z.string(),
  kind,
  secret: z.string().nullable().describe('shown only in this answer; null for an Ed25519 key'),
});
const keyItem = z.object({
  id: z.number(),
  label: z.string(),
  key: z.string(),
  permissions,
  kind,
  ips: z.array(z.string()),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});

export const apiKeyEndpoints = defineEndpoints('security', apiKeyRoutes, {
  apiKeyCreate: {
    summary:
      'Create an API key (read, or read and spot trading): an HMAC key, whose secret is in this answer only, or an Ed25519 key from its public key (nothing that can sign is kept). The authenticator code when 2FA is on',
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
