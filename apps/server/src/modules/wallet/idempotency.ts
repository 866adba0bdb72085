import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys, type Db } from '@hx/db';
import type { AccountRef, IdempotencyClaim } from '@hx/ledger';
import type { ServerDeps } from '../../lib/deps.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';

/** Request fields never kept, not even hashed: a 6-digit secret's sha256 is no secret. */
const SECRET_FIELDS = new Set(['pay_password', 'code', 'password', 'totp']);

export function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,128}$/.test(key))
    throw new AppError('VALIDATION', { field: 'Idempotency-Key' });
  return key;
}

export function requestHash(route: string, body: unknown): string {
  const fields = Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([name]) => !SECRET_FIELDS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([route, fields]));
}

/** The request's Idempotency-Key as the ledger writer's `submit` takes it (none without one). */
export function claimOf(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = keyOf(request);
  if (!key) return undefined;
  const route = request.routeOptions.url ?? request.url;
  return { userId: userOf(request).id, key, route, requestHash: requestHash(route, request.body) };
}

/**
 * Runs a money-moving request's `work` as one job of the ledger writer (its own savepoint in
 * the writer's batch transaction). With an `Idempotency-Key` header, the
 * key is recorded in that same transaction with the result: a repeat by the same user returns
 * the first result without doing the work again; a concurrent twin waits on the key's unique
 * index and then replays. A failed request records nothing, so it can be retried with its key.
 * The same key for a different route or different fields is refused (IDEMPOTENCY_KEY_REUSED).
 */
export async function idempotent<T>(
  app: Pick<ServerDeps, 'clock' | 'ledger'>,
  request: FastifyRequest,
  work: (tx: Db) => Promise<T>,
  options: { accounts?: AccountRef[] } = {},
): Promise<T> {
  const key = keyOf(request);
  if (!key) return app.ledger.transaction((tx) => work(tx), options);
  const userId = userOf(request).id;
  const route = request.routeOptions.url ?? request.url;
  const hash = requestHash(route, request.body);
  return app.ledger.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash, createdAt: app.clock.now() })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!inserted[0]) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first || first.route !== route || first.requestHash !== hash)
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return first.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(eq(idempotencyKeys.id, inserted[0].id));
    return result;
  }, options);
}
