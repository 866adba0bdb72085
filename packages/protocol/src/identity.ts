import { z } from 'zod';
import { codeField, KYC_STATES } from './account.ts';
import { countryField } from './countries.ts';
import { totpField } from './two-factor.ts';
import { epochMs, payPasswordField, requiredText } from './fields.ts';

/** Uploads, KYC and the fund password. */

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const uploadResult = z.object({
  url: z.string().describe('private url: /api/upload/<id>, readable by its owner and operators'),
});

/** An upload url as `POST upload` returned it (a full url ending in it is accepted too). */
const uploadUrl = (code: Parameters<typeof requiredText>[0]) => requiredText(code, 300);

export const realNameBody = z.object({
  country: countryField,
  name: requiredText('REAL_NAME_REQUIRED', 100),
  id_number: requiredText('ID_NUMBER_REQUIRED', 64),
});
export type RealNameBody = z.input<typeof realNameBody>;

export const realName2Body = z.object({
  address: requiredText('CONTACT_ADDRESS_REQUIRED', 300),
  front: uploadUrl('ID_FRONT_REQUIRED'),
  back: uploadUrl('ID_BACK_REQUIRED'),
  hand: uploadUrl('ID_HAND_REQUIRED'),
});
export type RealName2Body = z.input<typeof realName2Body>;

export const kycSubmitted = z.object({ status: z.literal('review') });

const kycCommon = {
  status: z.enum(KYC_STATES),
  reason: z.string().nullable().describe('why the last submission was rejected'),
  submitted_at: epochMs.nullable(),
  reviewed_at: epochMs.nullable(),
};

/** `GET user/center2`: both KYC levels with what was submitted (photos left out). */
export const kycCenter = z.object({
  basic: z.object({
    ...kycCommon,
    country: z.string().nullable().describe('an ISO 3166 code; older submissions: a name'),
    name: z.string().nullable(),
    id_number: z.string().nullable().describe('masked: first and last characters only'),
  }),
  advanced: z.object({ ...kycCommon, address: z.string().nullable() }),
});
export type KycCenter = z.infer<typeof kycCenter>;

export const payPasswordBody = z
  .object({
    pay_password: payPasswordField,
    re_pay_password: z
      .string({ error: 'PAY_PASSWORD_REQUIRED' })
      .min(1, { error: 'PAY_PASSWORD_REQUIRED' }),
    code: codeField,
    totp: totpField,
  })
  .superRefine((v, ctx) => {
    if (v.pay_password !== v.re_pay_password.trim())
      ctx.addIssue({ code: 'custom', path: ['re_pay_password'], message: 'PAY_PASSWORD_MISMATCH' });
  });
export type PayPasswordBody = z.input<typeof payPasswordBody>;

export const hasPasswordResult = z.object({ has: z.boolean() });
