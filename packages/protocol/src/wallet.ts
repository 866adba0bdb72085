import { z } from 'zod';
import { codeField } from './account.ts';
import { totpField } from './two-factor.ts';
import {
  amountField,
  currencyField,
  decimal,
  epochMs,
  idField,
  networkField,
  optionalId,
  optionalText,
  pageFields,
  payPasswordField,
  requiredText,
} from './fields.ts';
import { SUB_ACCOUNT_NAMES, type SubAccountName } from './sub-accounts.ts';

/** Wallet, transfers, deposits, withdrawals, withdraw addresses and bank cards. */

export const REVIEW_STATES = ['review', 'passed', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/**
 * A deposit's states: the review states, and for one a chain watcher found: `confirming` until
 * its network's confirmations, then `passed` (credited); `dropped` when its block was replaced.
 */
export const DEPOSIT_STATES = [...REVIEW_STATES, 'confirming', 'dropped'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
/** The signer's progress paying a withdrawal on chain (null: paid by hand). */
export const CHAIN_PAYOUT_STATES = ['queued', 'sent', 'confirmed', 'failed'] as const;
/** What a chain transaction adds to a deposit or withdrawal record. */
export const chainFacts = {
  tx_hash: z.string().nullable().describe('the chain transaction, when known'),
  explorer_url: z.string().nullable().describe("the transaction's page on the network's explorer"),
  confirmations: z.number().int().nullable().describe('confirmations so far'),
  confirmations_required: z
    .number()
    .int()
    .nullable()
    .describe('confirmations the network needs before crediting'),
};
/** Network name of bank deposits and bank-card withdrawals. */
export const BANK_NETWORK = 'BANK';
export const WITHDRAWALS_PER_DAY = 3;

const subAccount = z.enum(SUB_ACCOUNT_NAMES, { error: 'ACCOUNT_TYPE_INVALID' });

export const balanceItem = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  available: decimal,
  frozen: decimal,
  usdt_value: decimal.describe('"0" while no price is known for the coin'),
});
// Filled in a loop: a cast of Object.fromEntries' answer made the typecheck compare two zod
// types structurally (8 s in every program that imports the protocol).
const subAccountLists = {} as Record<SubAccountName, z.ZodArray<typeof balanceItem>>;
for (const name of SUB_ACCOUNT_NAMES) subAccountLists[name] = z.array(balanceItem);

export const walletList = z.object({
  ...subAccountLists,
  // Flexible savings: shown, but moved only by subscribe and redeem (not a transfer account).
  savings: z.array(balanceItem),
});
export type WalletList = z.infer<typeof walletList>;

/** POST wallet/demo_funds (demo mode only): what was credited to the spot account. */
export const demoFundsResult = z.object({
  list: z.array(z.object({ currency_id: z.number().int(), name: z.string(), number: decimal })),
});
export type DemoFundsResult = z.infer<typeof demoFundsResult>;

/** GET wallet/demo_funds: when the next top-up is allowed (null: now), for the app's countdown. */
export const demoFundsStatus = z.object({ next_at: epochMs.nullable() });

export const walletDetailBody = z.object({ currency_id: currencyField });
/** One network's state and withdrawal limits, as the app shows them before a withdrawal. */
export const networkLimits = z.object({
  network: z.string(),
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
  withdraw_max: decimal.nullable().describe('per withdrawal, fee included; null: none'),
  withdraw_daily_amount: decimal.nullable().describe('per UTC day on this network; null: none'),
  withdrawn_today: decimal.describe('requested today on this network, not rejected'),
});
export const walletDetail = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  decimals: z.number().int(),
  networks: z.array(z.string()),
  deposit_min: decimal,
  withdraw_min: decimal,
  withdraw_fee: decimal,
  withdrawals_per_day: z.number().int(),
  withdrawals_today: z.number().int(),
  network_limits: z.array(networkLimits).describe('per network: the coin networks, and BANK'),
  accounts: z.object(
    Object.fromEntries(
      SUB_ACCOUNT_NAMES.map((s) => [s, z.object({ available: decimal, frozen: decimal })]),
    ) as Record<SubAccountName, z.ZodObject<{ available: typeof decimal; frozen: typeof decimal }>>,
  ),
});

export const transferBody = z
  .object({ from: subAccount, to: subAccount, currency_id: currencyField, number: amountField })
  .superRefine((v, ctx) => {
    if (v.from === v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'TRANSFER_SAME_ACCOUNT' });
  });
export type TransferBody = z.input<typeof transferBody>;

export const transferItem = z.object({
  id: z.number().int(),
  from: z.enum(SUB_ACCOUNT_NAMES),
  to: z.enum(SUB_ACCOUNT_NAMES),
  currency_id: z.number().int(),
  name: z.string(),
  number: decimal,
  created_at: epochMs,
});

export const legalLogBody = z.object({
  ...pageFields,
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z_]{1,32}$/)
      .optional(),
  ),
});
export const postingItem = z.object({
  id: z.number().int(),
  type: z.string().describe('deposit, transfer, withdraw_freeze, withdraw, withdraw_fee, ...'),
  account: z.string().describe('sub-account: currency, options, contract, trust'),
  bucket: z.enum(['available', 'frozen']),
  currency_id: z.number().int(),
  name: z.string(),
  amount: decimal.describe('signed: positive credits the account'),
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  created_at: epochMs,
});

// Deposits

export const depositAddressBody = z.object({ currency_id: currencyField, network: networkField });
export const depositAddress = z.object({
  address: z.string(),
  network: z.string(),
  currency_id: z.number().int(),
  min: decimal,
  automatic: z
    .boolean()
    .describe('a chain watcher credits deposits to this address by itself: no voucher to send'),
  confirmations: z
    .number()
    .int()
    .nullable()
    .describe('confirmations before an automatic deposit is credited'),
});

export const platformBank = z.object({
  currency_id: z.number().int().describe('the coin a bank deposit is credited in'),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.string(),
  swift_code: z.string(),
  bank_address: z.string(),
  min: decimal,
});

export const chargeBody = z.object({
  currency_id: currencyField,
  network: networkField,
  number: amountField,
  voucher: requiredText('VOUCHER_REQUIRED', 300),
});
export type ChargeBody = z.input<typeof chargeBody>;
export const reviewCreated = z.object({ id: z.number().int(), status: z.literal('review') });

export const depositItem = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  name: z.string(),
  network: z.string(),
  address: z.string(),
  number: decimal,
  credited_amount: decimal
    .nullable()
    .describe('what was credited when the operator corrected the reported `number`; else null'),
  voucher: z.string().nullable().describe('null for a deposit found on chain'),
  status: z.enum(DEPOSIT_STATES),
  reason: z.string().nullable(),
  created_at: epochMs,
  reviewed_at: epochMs.nullable(),
  ...chainFacts,
});

// Withdrawals

export const withdrawBody = z.object({
  currency_id: currencyField,
  address_id: optionalId('ADDRESS_REQUIRED'),
  bank_id: optionalId('NOT_FOUND'),
  number: amountField,
  pay_password: payPasswordField,
  remark: optionalText(200),
  totp: totpField,
});
export type WithdrawBody = z.input<typeof withdrawBody>;
export const withdrawCreated = z.object({
  id: z.number().int(),
  status: z.literal('review'),
  fee: decimal,
  receive: decimal,
});

export const withdrawalItem = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  name: z.string(),
  network: z.string(),
  address: z.string().describe('the chain address, or the bank card summary'),
  number: decimal,
  fee: decimal,
  receive: decimal,
  remark: z.string().nullable(),
  status: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  created_at: epochMs,
  reviewed_at: epochMs.nullable(),
  chain_status: z.enum(CHAIN_PAYOUT_STATES).nullable(),
  ...chainFacts,
});

// Withdraw addresses

/** Longest name a user gives a saved address ("My Ledger"). */
export const ADDRESS_LABEL_MAX = 40;
/** Optional, trimmed; empty means none. */
const addressLabel = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z.string().max(ADDRESS_LABEL_MAX, { error: 'ADDRESS_LABEL_TOO_LONG' }).optional(),
);

export const addAddressBody = z.object({
  currency_id: currencyField,
  network: networkField,
  address: requiredText('ADDRESS_EMPTY', 128),
  label: addressLabel,
  pay_password: payPasswordField,
  code: codeField,
  totp: totpField,
});
export type AddAddressBody = z.input<typeof addAddressBody>;
/** POST wallet/editaddress: renames a saved address; an empty label removes it. */
export const editAddressBody = z.object({ id: idField('NOT_FOUND'), label: addressLabel });
export type EditAddressBody = z.input<typeof editAddressBody>;
export const editAddressResult = z.object({ id: z.number().int(), label: z.string().nullable() });
export const idBody = z.object({ id: idField('NOT_FOUND') });
export const created = z.object({ id: z.number().int() });
export const addressListBody = z.object({
  ...pageFields,
  currency_id: optionalId('CURRENCY_INVALID'),
});
export const addressItem = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  name: z.string(),
  network: z.string(),
  address: z.string(),
  label: z.string().nullable().describe("the user's own name for it; null: none"),
  created_at: epochMs,
  usable_at: epochMs
    .nullable()
    .describe('withdrawal whitelist on and the address saved < 24 h ago: when it can receive'),
});

// Bank cards

/** Every field of the spec's bank card, each required with its own code. */
export const bankCardFields = {
  name: requiredText('CARDHOLDER_REQUIRED', 100),
  card_number: requiredText('CARD_NUMBER_REQUIRED', 64),
  depositary_bank: requiredText('DEPOSITARY_BANK_REQUIRED', 100),
  branch: requiredText('BANK_BRANCH_REQUIRED', 100),
  bank_name: requiredText('BANK_NAME_REQUIRED', 100),
  bank_address: requiredText('BANK_ADDRESS_REQUIRED', 200),
  swift_code: requiredText('SWIFT_CODE_REQUIRED', 32),
  payee_address: requiredText('PAYEE_ADDRESS_REQUIRED', 200),
  zip_code: requiredText('ZIP_CODE_REQUIRED', 16),
};
/**
 * POST user/cash_save: binds a card, or with `id` rewrites one. Either way the proof a new
 * withdraw address needs: fund password, an 'address' code, and `totp` with 2FA on.
 */
export const bankCardBody = z.object({
  id: optionalId('NOT_FOUND'),
  ...bankCardFields,
  pay_password: payPasswordField,
  code: codeField,
  totp: totpField,
});
export type BankCardBody = z.input<typeof bankCardBody>;
export const bankCardItem = z.object({
  id: z.number().int(),
  name: z.string(),
  card_number: z.string(),
  depositary_bank: z.string(),
  branch: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  swift_code: z.string(),
  payee_address: z.string(),
  zip_code: z.string(),
  created_at: epochMs,
});
