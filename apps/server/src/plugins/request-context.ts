import type { FastifyRequest } from 'fastify';
import type { IdempotencyClaim } from '@hx/ledger';
import type { Origin, UserContext } from '../lib/request-context.ts';
import { AppError } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { userOf } from './auth.ts';

/** Request fields never kept, not even hashed: a 6-digit secret's sha256 is no secret. */
const SECRET_FIELDS = new Set(['pay_password', 'code', 'password', 'totp']);

/** Where the request comes from (routes hand it to services; see lib/request-context.ts). */
export const originOf = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The signed-in user's request as services take it. With `idempotent`, the Idempotency-Key
 * header (when sent) becomes its claim; a malformed key is refused (VALIDATION).
 */
export function userContextOf(
  request: FastifyRequest,
  options: { idempotent?: boolean } = {},
): UserContext {
  const context: UserContext = {
    ...originOf(request),
    user: userOf(request),
    sessionId: request.sessionId,
  };
  if (options.idempotent) context.claim = claimOf(request);
  return context;
}

/** The request's Idempotency-Key header: null without one, VALIDATION when malformed. */
export function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,128}$/.test(key))
    throw new AppError('VALIDATION', { field: 'Idempotency-Key' });
  return key;
}

/** What a key was first used for: the route and its fields, secrets left out. */
export function requestHash(route: string, body: unknown): string {
  const fields = Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([name]) => !SECRET_FIELDS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([route, fields]));
}

/** The request's Idempotency-Key as a claim of the signed-in user (none without one). */
export function claimOf(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = keyOf(request);
  if (!key) return undefined;
  const route = request.routeOptions.url ?? request.url;
  return { userId: userOf(request).id, key, route, requestHash: requestHash(route, request.body) };
}
