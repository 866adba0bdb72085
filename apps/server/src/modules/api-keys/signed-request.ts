import { BlockList, isIP } from 'node:net';
import { PassThrough } from 'node:stream';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeys, apiSignatures, users } from '@hx/db';
import { AppError } from '../../lib/errors.ts';
import { keyMay } from './permissions.ts';
import { RECEIVE_WINDOW_MS, signatureMatches, signedMessage } from './signing.ts';

export type KeyIdentity = {
  user: typeof users.$inferSelect;
  apiKey: { id: number; permissions: string };
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The X-API-KEY of a signed request, or null for the app's own (session) requests. */
export const apiKeyOf = (request: FastifyRequest): string | null =>
  header(request, 'x-api-key') || null;

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address it carries. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether a key with address list `ips` (null: any) may be used from `ip`. */
export function allowedFrom(ips: string | null, ip: string): boolean {
  if (!ips) return true;
  const list = new BlockList();
  for (const entry of ips.split(',')) list.addAddress(entry, isIP(entry) === 6 ? 'ipv6' : 'ipv4');
  const address = plainIp(ip);
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The raw body, read before Fastify parses it (the signature covers its exact bytes). */
export async function rawBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) throw new AppError('VALIDATION', { field: 'body' }, 413);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Signed requests from programs: `verify` finds the key's user after checking the timestamp,
 * the key, its IP list, what it may call, the signature over the raw body, and that the
 * signature is new; `bodyOf` hands the bytes read back to Fastify's body parser (preParsing).
 * Keys are read on every request, so a deleted key stops working at once.
 */
export function signedRequests(app: FastifyInstance) {
  const bodies = new WeakMap<FastifyRequest, Buffer>();
  const lastUseWritten = new Map<number, number>();
  let lastPrune = 0;

  async function remember(signature: string, now: Date) {
    // A signature is usable while its timestamp is within the window: 2 windows after it was seen.
    if (now.getTime() - lastPrune > RECEIVE_WINDOW_MS) {
      lastPrune = now.getTime();
      const stale = new Date(now.getTime() - 3 * RECEIVE_WINDOW_MS);
      await app.db.delete(apiSignatures).where(lt(apiSignatures.createdAt, stale));
    }
    const fresh = await app.db
      .insert(apiSignatures)
      .values({ signature, createdAt: now })
      .onConflictDoNothing()
      .returning({ signature: apiSignatures.signature });
    if (fresh.length === 0) throw new AppError('API_KEY_REPLAY');
  }

  async function markUsed(keyId: number, now: Date) {
    // At most once a minute per key: the list shows when, not how often.
    if (now.getTime() - (lastUseWritten.get(keyId) ?? 0) < 60_000) return;
    if (lastUseWritten.size > 10_000) lastUseWritten.clear();
    lastUseWritten.set(keyId, now.getTime());
    await app.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
  }

  async function verify(request: FastifyRequest): Promise<KeyIdentity> {
    const now = app.clock.now();
    const timestamp = header(request, 'x-api-timestamp');
    const at = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN;
    if (!(Math.abs(now.getTime() - at) <= RECEIVE_WINDOW_MS))
      throw new AppError('API_KEY_EXPIRED_TIMESTAMP');
    const [row] = await app.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.key, apiKeyOf(request) ?? ''), isNull(apiKeys.revokedAt)));
    if (!row) throw new AppError('API_KEY_INVALID');
    if (!allowedFrom(row.key.ips, request.ip ?? '')) throw new AppError('API_KEY_IP');
    if (!keyMay(row.key.permissions, request.method, request.routeOptions.url))
      throw new AppError('API_KEY_FORBIDDEN');
    const body = await rawBody(request, app.initialConfig.bodyLimit ?? 1024 * 1024);
    bodies.set(request, body);
    const signature = header(request, 'x-api-signature');
    const message = signedMessage(timestamp, request.method, request.url, body);
    // An Ed25519 key (no secret here) signs only the Binance-compatible API's requests.
    if (!row.key.secretHash || !signatureMatches(row.key.secretHash, message, signature))
      throw new AppError('API_KEY_SIGNATURE');
    await remember(signature, now);
    await markUsed(row.key.id, now);
    return { user: row.user, apiKey: { id: row.key.id, permissions: row.key.permissions } };
  }

  function bodyOf(request: FastifyRequest) {
    const body = bodies.get(request);
    return body ? new PassThrough().end(body) : undefined;
  }

  return { verify, bodyOf };
}
