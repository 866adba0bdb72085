import { z } from 'zod';
import { authResult } from './account.ts';
import { optionalText, requiredText } from './fields.ts';

/**
 * The user's authenticator (TOTP): setup and enable, the second login step, and the `totp`
 * field that withdrawals, new addresses and the fund password need while it is on. The setup
 * and recovery-code answers are the operators' shapes (admin-security.ts).
 */

/** A code from the authenticator, or a recovery code where one is accepted. */
const secondFactorCode = requiredText('TWO_FACTOR_REQUIRED', 32);

/**
 * `totp` on a protected action: optional in the schema, since only users with 2FA on need it
 * (TWO_FACTOR_REQUIRED is the server's answer when it is missing).
 */
export const totpField = optionalText(32);

export const twoFactorEnableBody = z.object({ code: secondFactorCode });
/** Turning 2FA off: an authenticator or recovery code, as `code` (or `totp`, like elsewhere). */
export const twoFactorDisableBody = z.object({ code: totpField, totp: totpField });
export const loginSecondStepBody = z.object({
  ticket: requiredText('LOGIN_TICKET_INVALID', 100),
  code: secondFactorCode,
  /**
   * The code sent to the account's mailbox or phone (scene `login`), asked for only after many
   * wrong authenticator codes for the account (TWO_FACTOR_ACCOUNT_CODE_REQUIRED).
   */
  account_code: optionalText(12),
});
export type LoginSecondStepBody = z.input<typeof loginSecondStepBody>;

/** A right password of an account with 2FA on: no token yet, a ticket for `user/login/2fa`. */
export const needSecondFactor = z.object({
  need_2fa: z.literal(true),
  ticket: z.string().describe('valid 5 minutes, for a few codes'),
});
export type NeedSecondFactor = z.infer<typeof needSecondFactor>;

export const loginAnswer = z.union([authResult, needSecondFactor]);
export type LoginAnswer = z.infer<typeof loginAnswer>;
