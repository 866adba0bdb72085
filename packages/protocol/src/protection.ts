import { z } from 'zod';
import { epochMs, payPasswordField } from './fields.ts';
import { totpField } from './two-factor.ts';

/**
 * The security centre's protections beside the password: the anti-phishing code every mail
 * shows, the withdrawal whitelist and the 24 h withdrawal lock after a security change.
 */

/** Letters of any script (with their marks), digits, '-' and '_': recognised at a glance. */
export const ANTI_PHISHING_PATTERN = /^[\p{L}\p{M}\p{N}_-]{4,20}$/u;

/** How long a new address waits under the whitelist, and how long turning it off takes. */
export const WHITELIST_WAIT_MS = 24 * 60 * 60_000;

export const antiPhishingBody = z.object({
  anti_phishing: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'ANTI_PHISHING_REQUIRED' })
      .min(1, { error: 'ANTI_PHISHING_REQUIRED' })
      .regex(ANTI_PHISHING_PATTERN, { error: 'ANTI_PHISHING_INVALID' }),
  ),
  pay_password: payPasswordField,
  totp: totpField,
});
export type AntiPhishingBody = z.input<typeof antiPhishingBody>;

export const whitelistBody = z.object({
  on: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' ? false : v,
    z.boolean(),
  ),
  pay_password: payPasswordField,
  totp: totpField,
});
export type WhitelistBody = z.input<typeof whitelistBody>;

export const whitelistState = z.object({
  on: z.boolean().describe('only addresses saved 24 h ago or earlier receive withdrawals'),
  off_at: epochMs
    .nullable()
    .describe('turning off was asked for: the whitelist stays on until this time'),
});
export type WhitelistState = z.infer<typeof whitelistState>;

/** `GET user/security`: which protections are on. */
export const securityState = z.object({
  login_password: z.literal(true),
  fund_password: z.boolean(),
  two_factor: z.boolean(),
  passkeys: z.number().int().describe('how many passkeys are registered'),
  anti_phishing: z.string().nullable().describe('the code with its middle hidden; null: none set'),
  whitelist: whitelistState,
  withdraw_locked_until: epochMs
    .nullable()
    .describe('withdrawals are paused until then after a security change; null: not paused'),
});
export type SecurityState = z.infer<typeof securityState>;
