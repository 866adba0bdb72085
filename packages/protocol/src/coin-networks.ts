import { z } from 'zod';
import { positiveDecimal } from './console-config.ts';
import { decimal, epochMs, idField, networkField } from './fields.ts';

/**
 * Settings of one coin on one network, edited in the operator console: where deposits go (a
 * shared address or an xpub that gives every user their own address), whether deposits and
 * withdrawals are open, and the withdrawal limits. Values saved in the console win over the
 * environment (DEPOSIT_ADDRESSES / DEPOSIT_XPUBS), which wins over demo addresses.
 */

/** Where a network's deposit address comes from. */
export const DEPOSIT_SOURCES = ['table', 'env', 'demo', 'none'] as const;
export type DepositSource = (typeof DEPOSIT_SOURCES)[number];

/** A private extended key (xprv, tprv, yprv, zprv…): refused everywhere, never stored. */
export const isPrivateExtendedKey = (key: string) => /^[a-z]prv/i.test(key.trim());

/** Empty or blank text counts as "not set" (null). */
const blankIsNull = (v: unknown) =>
  typeof v === 'string' ? v.trim() || null : v === undefined ? undefined : v;

export const coinNetworkParams = z.object({ id: idField('NOT_FOUND'), network: networkField });

export const configCoinNetwork = z.object({
  network: z.string(),
  bank: z.boolean().describe('the BANK network: bank deposits and payouts, no chain address'),
  deposit: z.object({
    source: z
      .enum(DEPOSIT_SOURCES)
      .describe('console (table), DEPOSIT_ADDRESSES / DEPOSIT_XPUBS (env), demo address, or none'),
    kind: z.enum(['address', 'xpub']).nullable(),
    address: z.string().nullable().describe('the shared address users get; null with an xpub'),
    xpub: z.string().nullable().describe('the extended public key users’ addresses derive from'),
    sample: z
      .string()
      .nullable()
      .describe('with an xpub: the address of user 1 (<xpub>/0/1), to check against the wallet'),
  }),
  stored: z
    .object({ deposit_address: z.string().nullable(), deposit_xpub: z.string().nullable() })
    .describe('what the console saved for this network; both null: the environment decides'),
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
  withdraw_max: decimal.nullable().describe('per withdrawal, fee included; null: none'),
  withdraw_daily_amount: decimal
    .nullable()
    .describe('per user and UTC day on this network, requests not rejected; null: none'),
  withdrawals_per_day: z.number().int().describe('requests per user and UTC day, all networks'),
  updated_at: epochMs.nullable(),
});

/**
 * One network's settings, all fields required (PUT replaces them). At most one of
 * `deposit_address` and `deposit_xpub`; both null hands the network back to the environment.
 * The address is checked against the network's format and the xpub parsed by the server.
 */
export const configCoinNetworkBody = z.object({
  deposit_address: z.preprocess(blankIsNull, z.string().max(200).nullable()),
  deposit_xpub: z.preprocess(
    blankIsNull,
    z
      .string()
      .max(200)
      .refine((v) => !isPrivateExtendedKey(v), { error: 'XPUB_PRIVATE' })
      .nullable(),
  ),
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
  withdraw_max: z.preprocess(blankIsNull, positiveDecimal.nullable()),
  withdraw_daily_amount: z.preprocess(blankIsNull, positiveDecimal.nullable()),
});
export type ConfigCoinNetworkBody = z.input<typeof configCoinNetworkBody>;
