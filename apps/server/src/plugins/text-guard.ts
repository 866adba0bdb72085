import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates without their
 * pair (not valid Unicode, so not valid UTF-8).
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No request of the API nests deeper than a few levels; this leaves room and stops a flood. */
export const MAX_DEPTH = 32;

/** Input nested deeper than MAX_DEPTH (the walk stops there: it never recurses). */
export class TooDeep extends Error {}

/**
 * The path of the first string in `value` that the database would refuse, if any. A loop with
 * its own stack, not recursion: JSON nested 10,000 deep overflowed the call stack (a 500).
 */
export function unstorableField(value: unknown, path = ''): string | null {
  const stack: [unknown, string, number][] = [[value, path, 0]];
  while (stack.length > 0) {
    const [item, at, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return at;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_DEPTH) throw new TooDeep();
    // Pushed in reverse so the first field is looked at first (the error names it).
    for (const [key, inner] of Object.entries(item).reverse()) {
      if (UNSTORABLE.test(key)) return at || 'body';
      stack.push([inner, at ? `${at}.${key}` : key, depth + 1]);
    }
  }
  return null;
}

/**
 * Refuses, before any route sees it, input the database cannot store: a clear 400
 * (TEXT_INVALID_CHARACTERS naming the field) instead of a failed query and a 500; and input
 * nested deeper than any request needs (BODY_TOO_DEEP), before a validator walks it.
 */
export const textGuard = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      let field: string | null;
      try {
        field = unstorableField(part);
      } catch (err) {
        if (err instanceof TooDeep) throw new AppError('BODY_TOO_DEEP', { max: MAX_DEPTH });
        throw err;
      }
      if (field !== null) throw new AppError('TEXT_INVALID_CHARACTERS', { field: field || 'body' });
    }
  });
});
