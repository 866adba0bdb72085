import { z } from 'zod';
import { KYC_STATES } from './account.ts';
import {
  amountField,
  decimal,
  epochMs,
  idField,
  optionalText,
  pageFields,
  requiredText,
} from './fields.ts';
import { CHAIN_PAYOUT_STATES, chainFacts, DEPOSIT_STATES, REVIEW_STATES } from './wallet.ts';

/** The operator API (`/api/admin`): its own tokens and roles. */

export const ADMIN_ROLES = ['admin', 'reviewer', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const adminLoginBody = z.object({
  email: requiredText('EMAIL_INVALID', 200),
  password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, { error: 'PASSWORD_REQUIRED' }),
});
export const adminLoginResult = z.object({ token: z.string(), role: z.enum(ADMIN_ROLES) });
export const adminMe = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
});

export const idParams = z.object({ id: idField('NOT_FOUND') });

/** `status` defaults to `review` (the queue); `all` lists every status. */
export const moneyQueueQuery = z.object({
  ...pageFields,
  status: z.enum([...REVIEW_STATES, 'all']).default('review'),
});
/** The deposit queue also lists deposits seen on chain and still `confirming` (or `dropped`). */
export const depositQueueQuery = z.object({
  ...pageFields,
  status: z.enum([...DEPOSIT_STATES, 'all']).default('review'),
});
export const kycQueueQuery = z.object({
  ...pageFields,
  status: z.enum(['review', 'verified', 'rejected', 'all']).default('review'),
  level: z.enum(['basic', 'advanced']).optional(),
});

export const passBody = z.object({ reason: optionalText(500) });
export const reasonOptional = passBody;
/**
 * Passing a deposit: `credited_amount`, when given, is credited instead of the reported amount
 * (a transfer that arrived short or with a fee taken); empty means the reported amount.
 */
export const depositPassBody = passBody.extend({
  credited_amount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    amountField.optional(),
  ),
});
export const rejectBody = z.object({ reason: requiredText('REASON_REQUIRED', 500) });

const reviewed = {
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  reason: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  created_at: epochMs,
  reviewed_at: epochMs.nullable(),
};

export const adminDeposit = z.object({
  ...reviewed,
  status: z.enum(DEPOSIT_STATES),
  currency_id: z.number().int(),
  name: z.string(),
  network: z.string(),
  address: z.string().describe('the platform address or bank account shown to the user'),
  number: decimal,
  credited_amount: decimal
    .nullable()
    .describe('what the operator credited instead of `number`; null when the reported amount was'),
  voucher: z
    .string()
    .nullable()
    .describe('upload url; readable with an operator token (null: found on chain)'),
  from_address: z.string().nullable(),
  ...chainFacts,
});

export const adminWithdrawal = z.object({
  ...reviewed,
  status: z.enum(REVIEW_STATES),
  currency_id: z.number().int(),
  name: z.string(),
  network: z.string(),
  address: z.string(),
  bank: z.record(z.string(), z.string()).nullable(),
  number: decimal,
  fee: decimal,
  receive: decimal,
  remark: z.string().nullable(),
  chain_status: z.enum(CHAIN_PAYOUT_STATES).nullable(),
  chain_error: z.string().nullable().describe("why the signer's last broadcast failed"),
  ...chainFacts,
});

export const adminKyc = z.object({
  ...reviewed,
  level: z.enum(['basic', 'advanced']),
  status: z.enum(KYC_STATES),
  // An advanced submission shows the user's verified basic data here, beside its photos.
  country: z.string().nullable(),
  name: z.string().nullable(),
  id_number: z.string().nullable(),
  address: z.string().nullable(),
  front: z.string().nullable(),
  back: z.string().nullable(),
  hand: z.string().nullable(),
});

export const ledgerCheckResult = z.object({
  balanced: z.boolean(),
  coins: z.array(z.object({ currency_id: z.number().int(), sum: decimal })),
  mismatched: z.array(
    z.object({
      account_id: z.number().int(),
      bucket: z.string(),
      stored: decimal,
      posted: decimal,
    }),
  ),
});

export const auditItem = z.object({
  id: z.number().int(),
  admin: z.string().describe("The operator's email; 'system' when no operator acted (demo funds)"),
  action: z.string(),
  target: z.string().describe('<type>:<id>, e.g. deposit:12'),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  at: epochMs,
});

export const outboxQuery = z.object({ ...pageFields, to: optionalText(200) });
export const outboxItem = z.object({
  id: z.number().int(),
  channel: z.string(),
  to: z.string(),
  scene: z.string(),
  code: z.string(),
  at: epochMs,
});

export const freezeResult = z.object({ id: z.number().int(), frozen: z.boolean() });
