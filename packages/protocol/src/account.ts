import { z } from 'zod';

/**
 * Account and security schemas, shared by the server (validation) and the app (form checks).
 * Error messages are catalogue codes; the server turns the first failing one into its response.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\d{5,15}$/;

export function isEmail(account: string): boolean {
  return EMAIL.test(account);
}
export function isPhone(account: string): boolean {
  return PHONE.test(account);
}

const text = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: required }).min(1, { error: required }),
  );

export const accountField = text('ACCOUNT_REQUIRED').refine((v) => isEmail(v) || isPhone(v), {
  error: 'ACCOUNT_INVALID',
});
/** Area codes are digits, with or without a leading '+'; kept without it. */
export const areaCodeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^\+/, '') : v),
  z.string({ error: 'AREA_CODE_INVALID' }).regex(/^\d{1,4}$/, { error: 'AREA_CODE_INVALID' }),
);
export const codeField = text('CODE_REQUIRED').refine((v) => /^\d{6}$/.test(v), {
  error: 'CODE_INVALID',
});
export const passwordField = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .min(6, { error: 'PASSWORD_TOO_SHORT' })
  .max(128, { error: 'VALIDATION' });

export const SCENES = ['register', 'forget', 'address', 'security', 'login'] as const;
export type Scene = (typeof SCENES)[number];
const sceneField = z.enum(SCENES, { error: 'SCENE_INVALID' });

export const smsSendBody = z.object({
  phone: text('PHONE_INVALID').refine(isPhone, { error: 'PHONE_INVALID' }),
  area_code: areaCodeField,
  scene: sceneField,
});
export const smsMailBody = z.object({
  email: text('EMAIL_INVALID').refine(isEmail, { error: 'EMAIL_INVALID' }),
  scene: sceneField,
});

/** A phone account needs its area code; an email does not. */
const withAreaCode = <T extends { account: string; area_code?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (isPhone(v.account) && !v.area_code) {
    ctx.addIssue({ code: 'custom', path: ['area_code'], message: 'AREA_CODE_INVALID' });
  }
};
const passwordsMatch = <T extends { password: string; re_password: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password !== v.re_password) {
    ctx.addIssue({ code: 'custom', path: ['re_password'], message: 'PASSWORD_MISMATCH' });
  }
};

export const accountRef = z
  .object({ account: accountField, area_code: areaCodeField.optional() })
  .superRefine(withAreaCode);

export const registerBody = z
  .object({
    account: accountField,
    area_code: areaCodeField.optional(),
    code: codeField,
    password: passwordField,
    re_password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
    agree: z.preprocess(
      (v) => (v === true || v === 1 || v === '1' || v === 'true' ? '1' : undefined),
      z.literal('1', { error: 'AGREEMENT_REQUIRED' }),
    ),
    invite_code: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
      z.string().max(32, { error: 'INVITE_INVALID' }).optional(),
    ),
  })
  .superRefine(withAreaCode)
  .superRefine(passwordsMatch);

export const loginBody = z
  .object({
    account: accountField,
    area_code: areaCodeField.optional(),
    password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
    /** A `login` code: needed once the account has had too many wrong passwords (LOGIN_CODE_REQUIRED). */
    code: codeField.optional(),
  })
  .superRefine(withAreaCode);

export const forgetBody = z
  .object({
    account: accountField,
    area_code: areaCodeField.optional(),
    code: codeField,
    password: passwordField,
    re_password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
  })
  .superRefine(withAreaCode)
  .superRefine(passwordsMatch);

export const updatePasswordBody = z
  .object({
    old_password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
    password: passwordField,
    re_password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
  })
  .superRefine(passwordsMatch);

export const nicknameBody = z.object({
  nickname: text('NICKNAME_INVALID').refine((v) => v.length <= 32, { error: 'NICKNAME_INVALID' }),
});

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
export type ForgetBody = z.input<typeof forgetBody>;
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const KYC_STATES = ['unverified', 'review', 'verified', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

export const userView = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  invite_code: z.string(),
  has_pay_password: z.boolean(),
  two_factor: z.boolean().describe('an authenticator app (TOTP) is on'),
  kyc: z.object({ basic: z.enum(KYC_STATES), advanced: z.enum(KYC_STATES) }),
  created_at: z.number().int(),
});
export type UserView = z.infer<typeof userView>;

export const authResult = z.object({ token: z.string(), user: userView });
export type AuthResult = z.infer<typeof authResult>;
