import { z } from 'zod';
import { decimal, epochMs, idField, optionalId, pageFields } from './fields.ts';
import { SUB_ACCOUNT_NAMES } from './sub-accounts.ts';

/**
 * The asset records: one record per thing the user did (a deposit, a withdrawal, a trade...),
 * read from the tables of each action, never one line per ledger posting.
 */

export const RECORD_KINDS = [
  'deposit',
  'demo_funds',
  'withdraw',
  'transfer',
  'convert',
  'spot',
  'option',
  'contract',
  'finance',
  'interest',
  'rebate',
  'subscription',
  'trade_fee',
  'withdraw_fee',
  'convert_fee',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * The records page's filters and the kinds each lists. `all` is every action; a fee is part of
 * its action already (shown in its detail), so fees are listed only under `fee`.
 */
const FEE_KINDS = [
  'trade_fee',
  'withdraw_fee',
  'convert_fee',
] as const satisfies readonly RecordKind[];
const isFee = (kind: RecordKind) => (FEE_KINDS as readonly RecordKind[]).includes(kind);

export const RECORD_FILTERS = {
  all: RECORD_KINDS.filter((kind) => !isFee(kind)),
  deposit: ['deposit', 'demo_funds'],
  withdraw: ['withdraw'],
  transfer: ['transfer', 'convert'],
  trade: ['spot', 'option', 'contract'],
  earn: ['interest', 'rebate', 'finance', 'subscription'],
  fee: FEE_KINDS,
} as const satisfies Record<string, readonly RecordKind[]>;
export type RecordFilter = keyof typeof RECORD_FILTERS;
export const RECORD_FILTER_NAMES = Object.keys(RECORD_FILTERS) as RecordFilter[];

/** Every state a record can be in; each kind uses the states of its own table. */
export const RECORD_STATES = [
  'review',
  'passed',
  'rejected',
  'done',
  'waiting',
  'holding',
  'completed',
  'closed',
  'cancelled',
  'open',
  'win',
  'lose',
  'refund',
  'custody',
  'redeemed',
  'confirming',
  'dropped',
] as const;
export type RecordState = (typeof RECORD_STATES)[number];

export const RECORD_SIDES = ['buy', 'sell', 'long', 'short', 'call', 'put', 'even'] as const;
export type RecordSide = (typeof RECORD_SIDES)[number];

const blankIsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET wallet/records */
export const recordsQuery = z.object({
  ...pageFields,
  type: z.preprocess(blankIsAbsent, z.enum(RECORD_FILTER_NAMES).default('all')),
  currency_id: optionalId('CURRENCY_INVALID'),
});

/** GET wallet/record */
export const recordQuery = z.object({
  kind: z.enum(RECORD_KINDS, { error: 'NOT_FOUND' }),
  id: idField('NOT_FOUND'),
});

const coinAmount = z.object({
  currency_id: z.number().int(),
  coin: z.string(),
  amount: decimal,
});

export const recordItem = z.object({
  kind: z.enum(RECORD_KINDS),
  id: z.number().int().describe('the id of the action in its own list (withdrawal id, order id…)'),
  currency_id: z.number().int(),
  coin: z.string(),
  amount: decimal.describe(
    'signed: + came in, − went out. A transfer or a finance order: the amount moved between ' +
      'your own accounts. An option or a contract: the stake or margin while open, the P&L after',
  ),
  state: z.enum(RECORD_STATES),
  at: epochMs,
  counter: coinAmount
    .nullable()
    .describe('the other side of a trade, conversion or allocation: what was paid (negative)'),
  subject: z.string().nullable().describe('the market (BTCUSDT) of a trade, the token subscribed'),
  side: z.enum(RECORD_SIDES).nullable(),
  network: z.string().nullable().describe('deposits and withdrawals: the chain, or BANK'),
  from: z.enum(SUB_ACCOUNT_NAMES).nullable(),
  to: z.enum(SUB_ACCOUNT_NAMES).nullable(),
  source: z
    .object({ kind: z.enum(RECORD_KINDS), id: z.number().int() })
    .nullable()
    .describe('fees and interest: the record they belong to'),
  confirmations: z
    .object({ seen: z.number().int(), required: z.number().int() })
    .optional()
    .describe('a deposit found on chain, while confirming: confirmations seen and needed'),
});
export type RecordItem = z.infer<typeof recordItem>;

/** One record with everything its own table knows; fields a kind does not have are absent. */
export const recordDetail = recordItem.extend({
  fee: coinAmount.optional().describe('the fee this action paid (a positive amount)'),
  receive: decimal.optional().describe('withdrawals: what arrives, the fee taken off'),
  address: z.string().optional().describe('deposit: the platform address; withdrawal: where to'),
  remark: z.string().nullable().optional(),
  reason: z.string().nullable().optional().describe('an operator’s reason for a rejection'),
  reviewed_at: epochMs.nullable().optional(),
  reported: decimal.optional().describe('deposits: what the user reported sending'),
  tx_hash: z.string().nullable().optional().describe('chain deposits and withdrawals'),
  explorer_url: z
    .string()
    .nullable()
    .optional()
    .describe("the transaction's page on the network's explorer"),
  chain_status: z
    .enum(['queued', 'sent', 'confirmed', 'failed'])
    .nullable()
    .optional()
    .describe('a withdrawal the signer pays: its progress on chain'),
  chain_confirmations: z
    .object({ seen: z.number().int(), required: z.number().int() })
    .nullable()
    .optional()
    .describe('a chain deposit or withdrawal: confirmations seen and needed'),
  order_type: z.enum(['limit', 'market', 'stop_limit', 'stop_market']).optional(),
  price: decimal
    .nullable()
    .optional()
    .describe('average fill (spot), rate (conversion), open price (options, contracts)'),
  close_price: decimal.nullable().optional(),
  closed_at: epochMs.nullable().optional(),
  close_reason: z.string().nullable().optional(),
  profit: decimal.nullable().optional(),
  margin: decimal.optional(),
  lots: z.number().int().optional(),
  multiple: z.number().int().optional(),
  seconds: z.number().int().optional(),
  days: z.number().int().optional(),
  daily_rate: decimal.optional(),
  earned: decimal.optional(),
  penalty: decimal.nullable().optional(),
  returned: decimal.nullable().optional(),
  end_at: epochMs.nullable().optional(),
  day: z.number().int().optional().describe('interest: which day of the order it pays'),
  tokens: decimal.optional().describe('subscriptions: the tokens asked for'),
  refund: decimal.nullable().optional(),
  unlock_at: epochMs.nullable().optional(),
});
export type RecordDetail = z.infer<typeof recordDetail>;
