import { z } from 'zod';
import { authResult } from '../account.ts';
import { defineEndpoints } from '../endpoint.ts';
import { idField } from '../fields.ts';
import {
  passkeyItem,
  passkeyList,
  passkeyLoginBody,
  passkeyOptionsBody,
  passkeyRegisterBody,
  webauthnOptions,
} from '../passkeys.ts';
import { passkeyRoutes } from '../routes/passkey.ts';

export const passkeyEndpoints = defineEndpoints('security', passkeyRoutes, {
  passkeyList: { summary: 'Your passkeys', response: passkeyList },
  passkeyOptions: {
    summary:
      'Options for navigator.credentials.create: the first step of adding a passkey. Takes the authenticator code (`totp`) while 2FA is on, the login password otherwise',
    body: passkeyOptionsBody,
    response: webauthnOptions,
  },
  passkeyAdd: {
    summary: 'Add the passkey the browser made (withdrawals then lock for 24 h)',
    body: passkeyRegisterBody,
    response: passkeyItem,
  },
  passkeyDelete: {
    summary: 'Remove one of your passkeys',
    params: z.object({ id: idField('PASSKEY_NOT_FOUND') }),
    response: z.object({}),
  },
  passkeyLoginOptions: {
    summary: 'Options for navigator.credentials.get: the first step of a passkey login',
    response: webauthnOptions,
  },
  passkeyLogin: {
    summary: 'Log in with a passkey, no account or password: answers like user/login',
    body: passkeyLoginBody,
    response: authResult,
  },
});
