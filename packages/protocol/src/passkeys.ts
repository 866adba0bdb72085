import { z } from 'zod';
import { epochMs, requiredText } from './fields.ts';
import { totpField } from './two-factor.ts';

/**
 * Passkeys (WebAuthn): the server hands out options for `navigator.credentials`, the app answers
 * with the browser's credential as JSON in the form field `response`.
 */

/** PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON, as is. */
export const webauthnOptions = z
  .looseObject({ challenge: z.string() })
  .describe('options for navigator.credentials (SimpleWebAuthn JSON), passed through unchanged');
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

/** The browser's credential (RegistrationResponseJSON or AuthenticationResponseJSON) as JSON. */
const credentialField = z
  .string({ error: 'PASSKEY_INVALID' })
  .min(1, { error: 'PASSKEY_INVALID' })
  .max(32_000, { error: 'PASSKEY_INVALID' })
  .describe(
    "the browser's credential as JSON (SimpleWebAuthn's startRegistration/startAuthentication result)",
  );

/**
 * What proves the account before a new passkey's options are handed out: the authenticator's
 * code while 2FA is on, the login password otherwise (TWO_FACTOR_REQUIRED / PASSWORD_REQUIRED
 * when it is missing). A session alone, perhaps a stolen one, cannot add a passkey.
 */
export const passkeyOptionsBody = z.object({
  totp: totpField,
  password: z.string().max(200).optional().describe('the login password; needed while 2FA is off'),
});
export type PasskeyOptionsBody = z.infer<typeof passkeyOptionsBody>;

export const PASSKEY_NAME_MAX = 40;

export const passkeyRegisterBody = z.object({
  name: requiredText('PASSKEY_NAME_REQUIRED', 200).pipe(
    z
      .string()
      .max(PASSKEY_NAME_MAX, { error: 'PASSKEY_NAME_INVALID' })
      .regex(/^[^\p{Cc}]*$/u, { error: 'PASSKEY_NAME_INVALID' }),
  ),
  response: credentialField,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;

export const passkeyLoginBody = z.object({ response: credentialField });

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: epochMs,
  last_used_at: epochMs.nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const passkeyList = z.object({ list: z.array(passkeyItem) });
export type PasskeyList = z.infer<typeof passkeyList>;
