import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { users } from '@hx/db';
import { AppError } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { sessionLookup } from './session-lookup.ts';
import { lastSeen } from './last-seen.ts';
import { apiKeyOf, signedRequests } from '../modules/api-keys/signed-request.ts';

export type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: number | null;
    /** Set when a program's signed request (X-API-KEY) identified the user: what the key may do. */
    apiKey: { id: number; permissions: string } | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a logged-in user (401 UNAUTHENTICATED otherwise). */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * Resolves the session if a valid token is present, or the key of a signed request (401
     * when its signature, timestamp, address or freshness fails); visitors stay anonymous.
     */
    identify(request: FastifyRequest): Promise<void>;
  }
}

/** The token as issued; a `Bearer ` prefix is accepted too. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

export const auth = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);

  const lookup = sessionLookup(app.db);
  const seen = lastSeen(app.db, app.clock, app.log);
  const signed = signedRequests(app);
  // A signed request's body was read to check its signature: the parser gets the same bytes.
  app.addHook('preParsing', async (request, _reply, payload) => signed.bodyOf(request) ?? payload);
  // The rate limit identifies a request before its route does: the session is looked up once.
  const identified = new WeakSet<FastifyRequest>();
  app.decorate('identify', async (request: FastifyRequest) => {
    if (identified.has(request)) return;
    identified.add(request);
    if (apiKeyOf(request)) {
      const { user, apiKey } = await signed.verify(request);
      request.user = user;
      request.apiKey = apiKey;
      return;
    }
    const token = tokenOf(request);
    if (!token) return;
    const row = await lookup(sha256(token));
    if (!row) return;
    request.user = row.user;
    request.sessionId = row.sessionId;
    await seen(row.sessionId);
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    await app.identify(request);
    if (!request.user) throw new AppError('UNAUTHENTICATED');
  });
});

/** The logged-in user of a route that ran `authenticate`. */
export function userOf(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
