import Decimal from 'decimal.js';
import { z } from 'zod';
import { ADMIN_ROLES, adminWithdrawal } from './admin.ts';
import { decimal, epochMs, requiredText } from './fields.ts';

/** Operator security: the second factor, sessions, and four eyes on large withdrawals. */

/**
 * An operator login: the token once every factor is in; otherwise a ticket for the next step,
 * a code (`need_2fa`) or, where 2FA is required and not yet set up, the enrolment
 * (`need_2fa_setup`).
 */
export const adminLoginAnswer = z.object({
  token: z.string().optional(),
  role: z.enum(ADMIN_ROLES).optional(),
  need_2fa: z.literal(true).optional(),
  need_2fa_setup: z.literal(true).optional(),
  ticket: z.string().optional(),
});

const codeField = requiredText('TWO_FACTOR_REQUIRED', 32);
const ticketField = requiredText('LOGIN_TICKET_INVALID', 100);

export const adminTicketBody = z.object({ ticket: ticketField });
/** `code`: a 6-digit authenticator code, or one of the recovery codes at login. */
export const adminTicketCodeBody = z.object({ ticket: ticketField, code: codeField });
export const adminCodeBody = z.object({ code: codeField });

export const twoFactorSetup = z.object({
  secret: z.string().describe('base32, for typing into the app by hand'),
  otpauth: z.string().describe('otpauth:// address, shown as a QR code'),
});
export const recoveryCodesResult = z.object({
  recovery_codes: z.array(z.string()).describe('shown once; each works once'),
});
export const adminLoginEnrolled = recoveryCodesResult.extend({
  token: z.string(),
  role: z.enum(ADMIN_ROLES),
});
export const adminTwoFactorStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean().describe('production mode: every operator must have it'),
  recovery_codes_left: z.number().int(),
});

export const adminSessionsQuery = z.object({
  scope: z.enum(['mine', 'all']).default('mine'),
});
export const adminSessionItem = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
  email: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  agent: z.string().nullable(),
  created_at: epochMs,
  last_seen_at: epochMs.nullable(),
  expires_at: epochMs,
});

/** A withdrawal in the queue, with where it stands under four eyes. */
export const adminWithdrawalReview = adminWithdrawal.extend({
  value_usdt: decimal.nullable().describe('the amount in USDT at the last price; null unknown'),
  approvals_needed: z.union([z.literal(1), z.literal(2)]),
  first_passed_by: z.number().int().nullable(),
  first_passed_email: z.string().nullable(),
  first_passed_at: epochMs.nullable(),
});

/** Withdrawals worth more than this (USDT) need two different operators to pass. */
export const fourEyesSetting = z.object({ threshold_usdt: decimal });
const THRESHOLD = /^\d{1,10}(\.\d{1,2})?$/;
export const fourEyesBody = z.object({
  threshold_usdt: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'AMOUNT_REQUIRED' })
      .regex(THRESHOLD, { error: 'AMOUNT_INVALID' })
      // Refinements run after a failed pattern too: only a well-formed value is compared.
      .refine((v) => !THRESHOLD.test(v) || new Decimal(v).lte(1_000_000_000), {
        error: 'AMOUNT_INVALID',
      }),
  ),
});
