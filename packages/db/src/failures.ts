/** What drivers and drizzle keep of the database's error, however deep they wrapped it. */
type Failure = { code?: unknown; constraint?: unknown; cause?: unknown };

/** `err` and every error it wraps in `cause`. */
function* chain(err: unknown): Generator<Failure> {
  for (let e = err as Failure | undefined; e; e = e.cause as Failure | undefined) yield e;
}

/** An SQLSTATE: five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error of the database itself (an SQLSTATE), not a refusal of the caller's own. */
export function isDatabaseError(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return true;
  return false;
}

/** Deadlock, serialization failure, lock timeout: the same work may succeed run again. */
const CONTENTION = new Set(['40P01', '40001', '55P03']);

export function isContention(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && CONTENTION.has(e.code)) return true;
  return false;
}

/** Whether the database refused the statement on the constraint named `constraint`. */
export function violated(err: unknown, constraint: string): boolean {
  for (const e of chain(err)) if (e.constraint === constraint) return true;
  return false;
}
