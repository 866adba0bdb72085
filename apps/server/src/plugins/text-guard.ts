import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates without their
 * pair (not valid Unicode, so not valid UTF-8).
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string in `value` that the database would refuse, if any. */
export function unstorableField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path || 'body';
    const found = unstorableField(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses, before any route sees it, input the database cannot store: a clear 400
 * (TEXT_INVALID_CHARACTERS naming the field) instead of a failed query and a 500.
 */
export const textGuard = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = unstorableField(part);
      if (field !== null) throw new AppError('TEXT_INVALID_CHARACTERS', { field: field || 'body' });
    }
  });
});
