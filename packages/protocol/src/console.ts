import { z } from 'zod';
import { ADMIN_ROLES } from './admin.ts';
import { decimal, epochMs, optionalText, pageFields } from './fields.ts';
import { passkeyItem } from './passkeys.ts';

/**
 * The operator console's own routes under /api/admin: dashboard, users, operators and the
 * filtered audit log; its configuration in console-config.ts, subscription projects in
 * console-projects.ts. Bodies are JSON (the console sends JSON).
 */

const text = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;

// ---------- dashboard ----------

const coinTotal = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  amount: decimal.describe('passed today'),
});

export const consoleDashboard = z.object({
  users: z.object({ total: z.number().int(), today: z.number().int() }),
  queues: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    kyc: z.number().int(),
    subscriptions: z.number().int(),
    feedback: z.number().int(),
    chat: z.number().int().describe('conversations with unread user messages'),
  }),
  ledger: z.object({
    balanced: z.boolean(),
    coins: z.array(
      z.object({ currency_id: z.number().int(), name: z.string(), sum: decimal, ok: z.boolean() }),
    ),
    mismatched: z.number().int(),
  }),
  today: z.object({ deposits: z.array(coinTotal), withdrawals: z.array(coinTotal) }),
  market: z.object({
    source: z.string(),
    symbols: z.number().int(),
    fresh: z.number().int().describe('symbols with a recorded tick in the last minute'),
    stale: z.array(z.string()),
    last_tick_at: epochMs.nullable(),
  }),
  processes: z
    .array(
      z.object({
        process: z.string(),
        host: z.string(),
        pid: z.number().int(),
        version: z.string(),
        started_at: epochMs,
        seen_at: epochMs,
        owns: z.array(z.string()),
        books: z
          .array(
            z.object({
              symbol: z.string(),
              orders: z.number().int().describe('resting orders in the book'),
              hash: z.string().describe("the matching engine's state hash (16 hex digits)"),
            }),
          )
          .describe('the spot books this process writes (the pairs it owns)'),
      }),
    )
    .describe(
      'the server processes (this one first) and what each owns: spot:<SYMBOL>, lever:<SYMBOL>, market',
    ),
});

// ---------- users ----------

export const consoleUsersQuery = z.object({
  ...pageFields,
  q: optionalText(200).describe('id, email, phone, nickname or invite code'),
  frozen: z.enum(['1', '0']).optional(),
});

export const consoleUser = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string(),
  invite_code: z.string(),
  invited_by: z.number().int().nullable(),
  kyc_basic: z.string(),
  kyc_advanced: z.string(),
  frozen: z.boolean(),
  lang: z.string(),
  created_at: epochMs,
});

const row = z.record(z.string(), z.unknown());

export const consoleUserDetail = z.object({
  user: consoleUser,
  kyc: z.array(row),
  balances: z.array(
    z.object({
      sub: z.string(),
      currency_id: z.number().int(),
      name: z.string(),
      available: decimal,
      frozen: decimal,
    }),
  ),
  postings: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      sub: z.string(),
      currency_id: z.number().int(),
      name: z.string(),
      amount: decimal,
      bucket: z.string(),
      ref: z.string(),
      at: epochMs,
    }),
  ),
  deposits: z.array(row),
  withdrawals: z.array(row),
  orders: z.array(row),
  positions: z.array(row),
  options: z.array(row),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: epochMs,
      last_seen_at: epochMs,
    }),
  ),
  /** They log in without a password: an operator sees them and can remove one. */
  passkeys: z.array(passkeyItem),
});

export const revokeResult = z.object({ count: z.number().int() });

// ---------- operators ----------

export const operatorItem = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  disabled: z.boolean(),
  created_at: epochMs,
});
export const operatorCreateBody = z.object({
  email: z.preprocess(
    text,
    z.email({ error: 'EMAIL_INVALID' }).max(200, { error: 'EMAIL_INVALID' }),
  ),
  password: z
    .string({ error: 'PASSWORD_REQUIRED' })
    .min(10, { error: 'PASSWORD_TOO_SHORT' })
    .max(200),
  role: z.enum(ADMIN_ROLES),
});
/** At least one of them: `{}` changes nothing and is refused (it was a 500). */
export const operatorUpdateBody = z
  .object({
    role: z.enum(ADMIN_ROLES).optional(),
    disabled: z.boolean().optional(),
    password: z.string().min(10, { error: 'PASSWORD_TOO_SHORT' }).max(200).optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined || b.password !== undefined, {
    error: 'NOTHING_TO_CHANGE',
  });

// ---------- operator actions (four eyes on the operators and the four-eyes rule) ----------

export const OPERATOR_ACTION_KINDS = [
  'four_eyes_threshold',
  'operator_create',
  'operator_password',
  'operator_2fa_reset',
] as const;
export type OperatorActionKind = (typeof OPERATOR_ACTION_KINDS)[number];

/**
 * A change waiting for a second admin: approved by another admin, or, with no other admin,
 * applied by the one who asked from `due_at`; cancelled by either.
 */
export const operatorActionItem = z.object({
  id: z.number().int(),
  kind: z.enum(OPERATOR_ACTION_KINDS),
  target_id: z.number().int().nullable().describe('the operator reset, for the resets'),
  summary: z
    .record(z.string(), z.string())
    .describe('what changes: from/to (threshold), email and role (new operator), email (resets)'),
  status: z.enum(['pending', 'approved', 'cancelled']),
  requested_by: z.number().int(),
  requested_email: z.string(),
  requested_at: epochMs,
  due_at: epochMs.describe('from when the one who asked may apply it when no other admin can'),
});
export const operatorActionsList = z.object({ list: z.array(operatorActionItem) });
/** An answer that may have left its change waiting for a second admin. */
export const pendingField = { pending: operatorActionItem.optional() };

// ---------- audit ----------

export const auditSearchQuery = z.object({
  ...pageFields,
  admin: optionalText(200).describe("operator email (exact); 'system' for entries without one"),
  action: optionalText(100).describe('e.g. deposit.pass, or a prefix such as deposit.'),
  target_type: optionalText(50),
  target_id: z.coerce.number().int().positive().optional(),
  from: z.coerce.number().int().nonnegative().optional().describe('epoch ms, inclusive'),
  to: z.coerce.number().int().nonnegative().optional().describe('epoch ms, exclusive'),
});

/** The audit log's hash chain checked from its first row to its last. */
export const auditVerdict = z.object({
  ok: z.boolean(),
  rows: z.number().int().describe('rows checked'),
  first_broken: z
    .number()
    .int()
    .nullable()
    .describe(
      'id of the first row whose hash does not hold (edited, or the row before it deleted); null when ok',
    ),
});
