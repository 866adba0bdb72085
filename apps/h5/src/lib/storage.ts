/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // As above.
    }
  },
  keys(): string[] {
    try {
      const ls = globalThis.localStorage;
      if (!ls) return [];
      return Array.from({ length: ls.length }, (_, i) => ls.key(i)).filter(
        (k): k is string => k !== null,
      );
    } catch {
      return [];
    }
  },
};

/** Keys the app keeps across "clear cache". */
export const STORAGE_KEYS = {
  session: 'hx.session',
  /** Set while the last session ended because the server refused it: login says so. */
  sessionRefused: 'hx.session.refused',
  lang: 'hx.lang',
  theme: 'hx.theme',
} as const;
