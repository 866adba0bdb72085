import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { users } from '@hx/db';
import { AppError } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { sessionLookup } from './session-lookup.ts';
import { lastSeen } from './last-seen.ts';

export type User = typeof users.$inferSelect;

/** Who a request is, as an authenticator other than the session token found it. */
export interface Credentials {
  user: User;
  apiKey: { id: number; permissions: string };
}

/**
 * A way besides the session token to identify a request, registered by the module that owns it
 * (api-keys: programs' signed requests). The first that claims a request decides it alone.
 */
export interface RequestAuthenticator {
  /** Whether the request carries this kind of credentials (a token is then not looked at). */
  claims(request: FastifyRequest): boolean;
  /** Who the request is; throws the refusal (401/403) when the credentials fail. */
  verify(request: FastifyRequest): Promise<Credentials>;
  /** The body it read to verify the request (a signature covers its bytes), for the parser. */
  bodyOf?(request: FastifyRequest): Readable | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: number | null;
    /** Set when a program's signed request (X-API-KEY) identified the user: what the key may do. */
    apiKey: Credentials['apiKey'] | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a logged-in user (401 UNAUTHENTICATED otherwise). */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * Resolves the session if a valid token is present, or what a registered authenticator
     * claims (a signed request's key: 401 when its signature, timestamp, address or freshness
     * fails); visitors stay anonymous.
     */
    identify(request: FastifyRequest): Promise<void>;
    /** Adds a way to identify requests besides the session token (see RequestAuthenticator). */
    addAuthenticator(authenticator: RequestAuthenticator): void;
    /** Whether the request carries a token or credentials an authenticator claims. */
    hasCredentials(request: FastifyRequest): boolean;
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

  // Sessions end SESSION_IDLE_DAYS unused or SESSION_MAX_DAYS after login (the row read anyway).
  const lookup = sessionLookup(app.db, { life: app.config, clock: () => app.clock.now() });
  const seen = lastSeen(app.db, app.clock, app.log);
  const authenticators: RequestAuthenticator[] = [];
  app.decorate('addAuthenticator', (authenticator: RequestAuthenticator) => {
    authenticators.push(authenticator);
  });
  const claimant = (request: FastifyRequest) => authenticators.find((a) => a.claims(request));
  app.decorate(
    'hasCredentials',
    (request: FastifyRequest) => tokenOf(request) !== null || claimant(request) !== undefined,
  );
  // A signed request's body was read to check its signature: the parser gets the same bytes.
  app.addHook('preParsing', async (request, _reply, payload) => {
    for (const authenticator of authenticators) {
      const body = authenticator.bodyOf?.(request);
      if (body) return body;
    }
    return payload;
  });
  // The rate limit identifies a request before its route does: the session is looked up once.
  const identified = new WeakSet<FastifyRequest>();
  app.decorate('identify', async (request: FastifyRequest) => {
    if (identified.has(request)) return;
    identified.add(request);
    const authenticator = claimant(request);
    if (authenticator) {
      const { user, apiKey } = await authenticator.verify(request);
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
