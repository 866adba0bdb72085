import { fillPlaceholders, type ErrorCode, type Locale } from '@hx/protocol';
import english from '@hx/protocol/error-messages/en';
import { loadedErrorMessages } from './errorTables.ts';

// English comes with the pages (the fallback); another language's table arrives with its locale
// file, when that language is chosen (loaders in index.ts). `errorMessage` of @hx/protocol would
// bundle all seven into every form page.
export { addErrorMessages } from './errorTables.ts';

/**
 * The message of `code` in `locale`, with `{name}` placeholders filled from `params`: English
 * until that language has loaded (it has, once it is on screen).
 */
export function errorMessage(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders((loadedErrorMessages(locale) ?? english)[code], params);
}
