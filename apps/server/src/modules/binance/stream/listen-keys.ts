import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { apiKeys, listenKeys, type Db } from '@hx/db';
import type { Clock } from '../../../lib/clock.ts';
import { binanceErrors } from '../errors.ts';
import type { BinanceRoute } from '../routes.ts';

/** A listenKey stays open this long after its creation or last keep-alive (user-data-stream). */
export const LISTEN_KEY_MS = 60 * 60 * 1000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 60 letters and digits, as Binance's listenKeys. */
const newListenKey = () => [...randomBytes(60)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

const keyParam = (params: Record<string, string | undefined>): string => {
  const key = params.listenKey;
  if (!key) throw binanceErrors.mandatory('listenKey');
  if (!/^[A-Za-z0-9]{1,100}$/.test(key)) throw binanceErrors.invalidListenKey();
  return key;
};

type Deps = { db: Db; clock: Clock };

/** The user and expiry behind a listenKey still open (its API key not deleted), or null. */
export async function listenKeyOwner(deps: Deps, listenKey: string) {
  const [row] = await deps.db
    .select({ userId: listenKeys.userId, expiresAt: listenKeys.expiresAt })
    .from(listenKeys)
    .innerJoin(apiKeys, eq(apiKeys.id, listenKeys.apiKeyId))
    .where(
      and(
        eq(listenKeys.listenKey, listenKey),
        gt(listenKeys.expiresAt, deps.clock.now()),
        isNull(apiKeys.revokedAt),
      ),
    );
  return row ?? null;
}

/** Of these listenKeys, the ones still open. */
export async function openListenKeys(deps: Deps, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await deps.db
    .select({ key: listenKeys.listenKey })
    .from(listenKeys)
    .innerJoin(apiKeys, eq(apiKeys.id, listenKeys.apiKeyId))
    .where(
      and(
        inArray(listenKeys.listenKey, keys),
        gt(listenKeys.expiresAt, deps.clock.now()),
        isNull(apiKeys.revokedAt),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/**
 * POST, PUT and DELETE /api/v3/userDataStream (USER_STREAM: a key, no signature). One listenKey
 * per API key: a POST while it is open answers it again and keeps it open 60 more minutes.
 */
export function listenKeyRoutes(deps: Deps): BinanceRoute[] {
  const until = () => new Date(deps.clock.now().getTime() + LISTEN_KEY_MS);
  return [
    {
      method: 'POST',
      path: '/userDataStream',
      security: 'USER_STREAM',
      handler: async ({ trader }) => {
        const { userId, keyId } = trader!;
        const [open] = await deps.db
          .select({ key: listenKeys.listenKey })
          .from(listenKeys)
          .where(and(eq(listenKeys.apiKeyId, keyId), gt(listenKeys.expiresAt, deps.clock.now())));
        const listenKey = open?.key ?? newListenKey();
        await deps.db
          .insert(listenKeys)
          .values({ listenKey, apiKeyId: keyId, userId, expiresAt: until() })
          .onConflictDoUpdate({
            target: listenKeys.apiKeyId,
            set: { listenKey, userId, expiresAt: until() },
          });
        return { listenKey };
      },
    },
    {
      method: 'PUT',
      path: '/userDataStream',
      security: 'USER_STREAM',
      handler: async ({ trader, params }) => {
        const listenKey = keyParam(params);
        const kept = await deps.db
          .update(listenKeys)
          .set({ expiresAt: until() })
          .where(
            and(
              eq(listenKeys.listenKey, listenKey),
              eq(listenKeys.apiKeyId, trader!.keyId),
              gt(listenKeys.expiresAt, deps.clock.now()),
            ),
          )
          .returning({ key: listenKeys.listenKey });
        if (kept.length === 0) throw binanceErrors.invalidListenKey();
        return {};
      },
    },
    {
      method: 'DELETE',
      path: '/userDataStream',
      security: 'USER_STREAM',
      handler: async ({ trader, params }) => {
        const listenKey = keyParam(params);
        const gone = await deps.db
          .delete(listenKeys)
          .where(and(eq(listenKeys.listenKey, listenKey), eq(listenKeys.apiKeyId, trader!.keyId)))
          .returning({ key: listenKeys.listenKey });
        if (gone.length === 0) throw binanceErrors.invalidListenKey();
        return {};
      },
    },
  ];
}
