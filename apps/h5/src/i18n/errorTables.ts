import type { ErrorMessages, Locale } from '@hx/protocol';

// Apart from errors.ts so that the shell, which adds each language's table as it loads, does not
// carry the English one: that comes with the pages that show errors.
const tables = new Map<Locale, ErrorMessages>();

/** Makes `locale`'s error messages available; called once that language has loaded. */
export function addErrorMessages(locale: Locale, messages: ErrorMessages): void {
  tables.set(locale, messages);
}

export function loadedErrorMessages(locale: Locale): ErrorMessages | undefined {
  return tables.get(locale);
}
