import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, users, type Db } from '@hx/db';
import { onSessionsChanged, SESSION_MEMORY_MS } from '../../plugins/session-lookup.ts';

export type KeyRow = { key: typeof apiKeys.$inferSelect; user: typeof users.$inferSelect };
type Remembered = { row: KeyRow; at: number; generation: number };

/**
 * The live API keys this process has read, by key, for SESSION_MEMORY_MS: a bot signs every
 * request with the same key, and reading it (with its user) each time was the one query a signed
 * order made that a session's did not. Deleting a key, ending sessions or changing a user calls
 * `sessionsChanged()`, which forgets them all at once; another process reads again within
 * SESSION_MEMORY_MS, as for sessions. A key not found is never remembered (a new key works at
 * once).
 */
class KeyMemory {
  private readonly rows = new Map<string, Remembered>();
  private generation = 0;

  constructor(private readonly db: Db) {
    onSessionsChanged(() => {
      this.generation++;
      this.rows.clear();
    });
  }

  async find(key: string, now = Date.now()): Promise<KeyRow | null> {
    const known = this.rows.get(key);
    if (known && known.generation === this.generation && now - known.at < SESSION_MEMORY_MS)
      return known.row;
    const generation = this.generation;
    const [row] = await this.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.key, key), isNull(apiKeys.revokedAt)));
    if (!row) {
      this.rows.delete(key);
      return null;
    }
    // A change while the query ran may not be in its answer: use it, but do not keep it.
    if (generation === this.generation) {
      if (this.rows.size > 10_000) this.rows.clear();
      this.rows.set(key, { row, at: now, generation });
    }
    return row;
  }
}

const memories = new WeakMap<Db, KeyMemory>();

/** The live key and its user, remembered briefly per database (tests run several apps). */
export function findLiveKey(db: Db, key: string): Promise<KeyRow | null> {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new KeyMemory(db)));
  return memory.find(key);
}
