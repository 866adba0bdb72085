import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * Field builders shared by the identity, money and operator schemas. A missing or empty field
 * fails with its own catalogue code; anything else malformed answers VALIDATION with the field.
 */
const trimmed = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;

/** A required text field, trimmed, at most `max` characters. */
export const requiredText = (code: ErrorCode, max = 200) =>
  z.preprocess(trimmed, z.string({ error: code }).min(1, { error: code }).max(max));

/** An optional text field: empty counts as absent. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : trimmed(v)),
    z.string().max(max).optional(),
  );

/** A positive integer id (form fields arrive as strings). */
export const idField = (code: ErrorCode) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: code }).int({ error: code }).positive({ error: code }).max(2_147_483_647, {
      error: code,
    }),
  );

export const optionalId = (code: ErrorCode) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(code).optional());

/**
 * A positive decimal amount as a string: at most 18 integer and 18 fraction digits (what
 * numeric(36,18) holds). Numbers from JSON bodies are taken by their decimal spelling.
 * The coin's own decimals are checked by the service (AMOUNT_PRECISION).
 */
export const amountField = z.preprocess(
  trimmed,
  z
    .string({ error: 'AMOUNT_REQUIRED' })
    .min(1, { error: 'AMOUNT_REQUIRED' })
    .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'AMOUNT_INVALID' })
    .refine((v) => /[1-9]/.test(v), { error: 'AMOUNT_INVALID' }),
);

export const currencyField = idField('CURRENCY_INVALID');

/** Upper-cased network name, e.g. TRC20, ERC20, OMNI, BANK. */
export const networkField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'NETWORK_INVALID' }).regex(/^[A-Z0-9_-]{2,16}$/, { error: 'NETWORK_INVALID' }),
);

/** The 6-digit fund password. */
export const payPasswordField = z.preprocess(
  trimmed,
  z
    .string({ error: 'PAY_PASSWORD_REQUIRED' })
    .min(1, { error: 'PAY_PASSWORD_REQUIRED' })
    .regex(/^\d{6}$/, { error: 'PAY_PASSWORD_INVALID' }),
);

/** `page` from 1 and `limit` (default 20, at most 100), from a query string or a form. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
export const pageQuery = z.object(pageFields);

/** The contract's list shape. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int() });

/** A decimal string in responses. */
export const decimal = z.string().describe('decimal string');
/** Epoch milliseconds. */
export const epochMs = z.number().int();
