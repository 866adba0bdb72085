import { isApiError } from '../api/errors.ts';

/**
 * Query parameters a page is opened with. A link can be cut short or typed by hand, so every
 * value is read strictly: anything malformed counts as missing.
 */

/** `?id=12` → 12; absent, `abc`, `0`, `-3`, `1.5`, `1e3` or beyond a safe integer → null. */
export function idParam(raw: string | null | undefined): number | null {
  const text = raw?.trim() ?? '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** `?symbol=btcusdt` → 'BTCUSDT'; absent or not a plain market code → null. */
export function symbolParam(raw: string | null | undefined): string | null {
  const text = raw?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{2,20}$/.test(text) ? text : null;
}

/**
 * The market of a chart page: `fallback` when the link names none (as exchanges open their
 * default pair), the code when well-formed, '' when malformed (the page asks for one).
 */
export function marketParam(raw: string | null | undefined, fallback: string): string {
  if (!raw?.trim()) return fallback;
  return symbolParam(raw) ?? '';
}

/** What a parameter that picks one of a list comes to. */
export type ParamChoice<T> =
  | { kind: 'loading' }
  | { kind: 'chosen'; item: T }
  /** Absent or malformed: the user has to choose. */
  | { kind: 'missing' }
  /** Well-formed, but names nothing in the list: the user has to choose, and is told why. */
  | { kind: 'unknown' };

export function chooseParam<T, K>(
  wanted: K | null,
  items: readonly T[] | undefined,
  keyOf: (item: T) => K,
): ParamChoice<T> {
  if (wanted === null) return { kind: 'missing' };
  if (items === undefined) return { kind: 'loading' };
  const item = items.find((i) => keyOf(i) === wanted);
  return item === undefined ? { kind: 'unknown' } : { kind: 'chosen', item };
}

/** What a page showing one record (`?id=`, or a market's `?symbol=`) has to show. */
export type RecordView = 'loading' | 'found' | 'missing' | 'failed';

/**
 * `failed` only when the server could not be asked or broke; an answer of 4xx (unknown id,
 * someone else's record, malformed) means the record is not there for this user.
 */
export function recordView(
  id: number | string | null,
  query: { data?: unknown; isError: boolean; error: unknown },
): RecordView {
  if (id === null || id === '') return 'missing';
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return status >= 400 && status < 500 ? 'missing' : 'failed';
  }
  if (query.data === null) return 'missing';
  return query.data === undefined ? 'loading' : 'found';
}
