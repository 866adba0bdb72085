import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { RateLimits } from '../config.ts';
import { AppError } from '../lib/errors.ts';

const WINDOW_MS = 60_000;

/**
 * Tighter limits by route, counted on top of the general one. Matched by URL pattern so routes
 * added later (passkey logins, 2FA, fund-password checks) are covered without touching them.
 */
const SENSITIVE: {
  name: Exclude<keyof RateLimits, 'perAddress' | 'perUser'>;
  url: RegExp;
}[] = [
  { name: 'login', url: /^\/api\/(user|admin)\/login(\/.*)?$/ },
  { name: 'codes', url: /^\/api\/(sms_send|sms_mail)$/ },
  {
    name: 'secrets',
    url: /^\/api\/(user\/e_pwd|user\/2fa\/.*|admin\/2fa\/.*|safe\/update_password|wallet\/out|wallet\/addaddress|user\/cash_save|user\/anti_phishing|user\/whitelist)$/,
  },
];

const limited = (url: string) => url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws?');

/**
 * Who a request counts against: a program's key when signed, its user when it carries a live
 * session, else its address.
 */
const who = new WeakMap<FastifyRequest, string>();

/**
 * Request rate limits with @fastify/rate-limit: per address, or per user for requests with a
 * session; tighter ones for logins, codes and secrets. `429 RATE_LIMITED` in the caller's
 * language (the envelope). Shared through Redis when `REDIS_URL` is set, else in memory.
 * Addresses in `RATE_LIMIT_ALLOW` are not limited.
 */
export const rateLimits = fp(async (app) => {
  const limits = app.config.rateLimit;
  const allowed = new Set(app.config.rateLimitAllow.map((ip) => normalizeIP(ip, 128)));
  const redis = app.config.redisUrl ? await connect(app.config.redisUrl, app) : undefined;

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'hx-rate:',
    // A store that cannot answer (Redis down) lets requests through rather than failing them.
    skipOnError: true,
  });
  const limiter = (name: string, max: (key: string) => number) =>
    app.createRateLimit({
      timeWindow: WINDOW_MS,
      max: (_request, key) => max(key),
      keyGenerator: (request) => `${name}:${who.get(request)}`,
      // Clients the in-memory store keeps (least recently seen go first); not in the types.
      cache: 20_000,
    } as Parameters<typeof app.createRateLimit>[0]);
  const general = limiter('any', (key) =>
    key.startsWith('any:user:') || key.startsWith('any:key:') ? limits.perUser : limits.perAddress,
  );
  const tighter = SENSITIVE.map(({ name, url }) => ({
    url,
    check: limiter(name, () => limits[name]),
  }));

  app.addHook('onRequest', async (request, reply) => {
    if (!limited(request.url)) return;
    const ip = request.ip ?? '';
    if (allowed.has(normalizeIP(ip, 128))) return;
    // A refused signature or token still counts, against the address: nobody can try keys (or
    // drain a key's own limit) without limit.
    let refused: unknown = null;
    if (app.hasCredentials(request))
      await app.identify(request).catch((err: unknown) => {
        refused = err;
      });
    who.set(request, refused ? `ip:${normalizeIP(ip)}` : whoOf(request, ip));
    const route = request.routeOptions.url ?? '';
    for (const check of [
      general,
      ...tighter.filter((t) => t.url.test(route)).map((t) => t.check),
    ]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED');
      }
    }
    if (refused) throw refused;
  });
});

/** A Redis connection for the shared counters; a failing Redis is logged, never fatal. */
async function connect(url: string, app: FastifyInstance) {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let lastLogged = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    app.log.warn({ err: err.message }, 'rate limit store (Redis) unavailable; not limiting');
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

function whoOf(request: FastifyRequest, ip: string): string {
  if (request.apiKey) return `key:${request.apiKey.id}`;
  return request.user ? `user:${request.user.id}` : `ip:${normalizeIP(ip)}`;
}
