import { LOCALES, type Locale } from './locales.ts';
import {
  ERROR_STATUS,
  fillPlaceholders,
  type ErrorCode,
  type ErrorMessages,
} from './errors/codes.ts';
import en from './errors/messages/en.ts';
import zh from './errors/messages/zh.ts';
import hk from './errors/messages/hk.ts';
import jp from './errors/messages/jp.ts';
import kr from './errors/messages/kr.ts';
import esp from './errors/messages/esp.ts';
import th from './errors/messages/th.ts';

export * from './errors/codes.ts';

/**
 * Every language's error messages at once, for the server (it answers in each request's language)
 * and the console. The app must not import this: it loads one language at a time
 * (apps/h5/src/i18n/errors.ts).
 */
export const ERROR_MESSAGES: Record<Locale, ErrorMessages> = { en, zh, hk, jp, kr, esp, th };

type ErrorEntry = Record<Locale, string> & { status: number };

/** Each code's status and its message in every language, as one table. */
export const ERRORS = Object.fromEntries(
  (Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => [
    code,
    {
      status: ERROR_STATUS[code],
      ...Object.fromEntries(LOCALES.map((locale) => [locale, ERROR_MESSAGES[locale][code]])),
    },
  ]),
) as Record<ErrorCode, ErrorEntry>;

/** The message of `code` in `locale`, with `{name}` placeholders filled from `params`. */
export function errorMessage(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(ERROR_MESSAGES[locale][code], params);
}
