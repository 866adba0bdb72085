import type { users } from '@hx/db';
import type { IdempotencyClaim } from '@hx/ledger';

/**
 * What a service knows of the one asking: routes build it from the request
 * (plugins/request-context.ts), a job, the bus or another API builds its own. Services take
 * these, never Fastify's request (lint: no-restricted-imports in modules' service files).
 */
export interface Origin {
  /** The client's address, as the server sees it (behind TRUST_PROXY: the forwarded one). */
  ip: string;
  /** The User-Agent header as sent, or null. */
  userAgent: string | null;
}

/** A signed-in user's request. */
export interface UserContext extends Origin {
  /** The user as the request's session (or API key) found them. */
  user: typeof users.$inferSelect;
  /** The session the request came with (null: a program's signed request, or none). */
  sessionId: number | null;
  /** The request's Idempotency-Key, for work done once per key (none without one). */
  claim?: IdempotencyClaim;
}
