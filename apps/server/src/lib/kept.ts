import type { Db } from '@hx/db';

/**
 * A read of rows the console edits rarely (option periods, contract pairs, finance products),
 * kept `ttlMs` per database so the money paths do not read them on every request. `forget` after
 * an edit: the next read loads them (a load under way is dropped). Other processes forget when
 * the bus tells them, or within `ttlMs` without a bus.
 */
export function keptRead<T>(load: (db: Db) => Promise<T>, ttlMs = 5_000) {
  const kept = new WeakMap<Db, { value: Promise<T>; until: number }>();
  const read = {
    get(db: Db): Promise<T> {
      const hit = kept.get(db);
      if (hit && performance.now() < hit.until) return hit.value;
      // Promise.resolve: a query builder is a thenable that runs again each time it is awaited.
      const entry = { value: Promise.resolve(load(db)), until: performance.now() + ttlMs };
      kept.set(db, entry);
      entry.value.catch(() => {
        if (kept.get(db) === entry) kept.delete(db); // a failed read is not kept
      });
      return entry.value;
    },
    forget(db: Db): void {
      kept.delete(db);
    },
    /** `pick` from the copy; what it does not find is looked for once more in a fresh read. */
    async find<R>(db: Db, pick: (value: T) => R | undefined): Promise<R | undefined> {
      const found = pick(await read.get(db));
      if (found !== undefined) return found;
      read.forget(db);
      return pick(await read.get(db));
    },
  };
  return read;
}
