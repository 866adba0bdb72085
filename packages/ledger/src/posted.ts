import type { Db } from '@hx/db';

/**
 * `onPosted`: the app hears which users' money moved, once it is committed. `post()` may run
 * inside the caller's transaction (as a savepoint), so what an entry touched is collected in the
 * outermost transaction begun on the database and told after that commits; a transaction that
 * rolls back tells nothing.
 */

export type PostedHook = (userIds: number[]) => void;

const hooks = new WeakMap<Db, Set<PostedHook>>();
/**
 * The users touched so far by each outermost transaction, by its session: drizzle gives every
 * transaction of a pool a session of its own, shared by its savepoints. (Not an
 * AsyncLocalStorage: on Node 20 one makes every promise of the process run a hook, 9% of a
 * transfer's CPU.)
 */
const touched = new WeakMap<object, Set<number>>();

/** The connection a database handle runs on: the same for a transaction and its savepoints. */
export const sessionOf = (db: Db): object => (db as unknown as { session: object }).session;

/** Calls every hook of `db` with the users (never throws: the money has moved already). */
export function announcePosted(db: Db, userIds: Iterable<number>): void {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  for (const hook of hooks.get(db) ?? []) {
    try {
      hook(users);
    } catch {
      // A lost message only delays a refetch; the entry stands.
    }
  }
}

/**
 * Registers `hook` on `db`: after each commit of a transaction begun with `db.transaction` (or a
 * `post(db, …)` outside one), it gets the users whose accounts the entries posted to. Returns
 * the unregistering function.
 */
export function onPosted(db: Db, hook: PostedHook): () => void {
  let set = hooks.get(db);
  if (!set) {
    set = new Set();
    hooks.set(db, set);
    const begin = db.transaction.bind(db);
    // A transaction of `db` itself is outermost; the savepoints of its `tx` collect into it.
    db.transaction = (async (run, config) => {
      const users = new Set<number>();
      const result = await begin((tx) => {
        touched.set(sessionOf(tx), users);
        return run(tx);
      }, config);
      announcePosted(db, users);
      return result;
    }) as Db['transaction'];
  }
  set.add(hook);
  return () => set.delete(hook);
}

/** Inside `post()` on `tx`: the entry touched these users (told when the outermost commits). */
export function notePosted(tx: Db, userIds: Iterable<number>): void {
  const users = touched.get(sessionOf(tx));
  if (users) for (const id of userIds) users.add(id);
}
