import { z } from 'zod';
import { currencyField, epochMs, idField } from './fields.ts';

/** Proof of liabilities (docs/proof-of-liabilities.md): published roots and a user's path. */

const hash = z.string().describe('lowercase hex SHA-256');
const units = z.string().describe("non-negative integer in the coin's smallest unit");

export const porRoot = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  hash,
  sum: units,
  users: z.number().int(),
  decimals: z.number().int().describe('the smallest unit is 10^-decimals of the coin'),
});

export const porReserve = z.object({
  currency_id: z.number().int(),
  network: z.string(),
  address: z.string(),
  amount: z.string().describe("on-chain balance in the coin's smallest unit"),
});

export const porLatest = z.object({
  id: z.number().int(),
  time: epochMs,
  roots: z.array(porRoot),
  reserves: z
    .array(porReserve)
    .nullable()
    .describe('null: no chain watcher is configured, reserves are not attested'),
});
export type PorLatest = z.infer<typeof porLatest>;

export const porProofQuery = z.object({
  id: idField('POR_SNAPSHOT_NOT_FOUND'),
  currency_id: currencyField,
});

export const porProof = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  user_id: z.number().int(),
  nonce: z.string().describe('hex, 32 random bytes, fresh per user per snapshot'),
  sum: units,
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash, sum: units })),
  root: z.object({ hash, sum: units }),
});
export type PorProofResult = z.infer<typeof porProof>;

export const porSnapshotResult = z.object({ id: z.number().int() });
