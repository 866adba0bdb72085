import type { Db } from '@hx/db';

/**
 * `onPosted`: the app hears which users' money moved, once it is committed. The units of work
 * that post (unit-of-work.ts: `post()` outside a transaction, `unitOfWork()`, each batch of the
 * ledger writer) tell it after their commit; spot's pair writers, which write their postings in
 * their own statement, tell it with `announcePosted`.
 */

export type PostedHook = (userIds: number[]) => void;

const hooks = new WeakMap<Db, Set<PostedHook>>();

/** Calls every hook of `db` with the users (never throws: the money has moved already). */
export function announcePosted(db: Db, userIds: Iterable<number>): void {
  const set = hooks.get(db);
  if (!set || set.size === 0) return;
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  for (const hook of set) {
    try {
      hook(users);
    } catch {
      // A lost message only delays a refetch; the entry stands.
    }
  }
}

/**
 * Registers `hook` on `db`: after each commit of a unit of work on `db` that posted, it gets the
 * users whose accounts the entries posted to. Returns the unregistering function.
 */
export function onPosted(db: Db, hook: PostedHook): () => void {
  let set = hooks.get(db);
  if (!set) hooks.set(db, (set = new Set()));
  set.add(hook);
  return () => set.delete(hook);
}
