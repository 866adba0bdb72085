import { isEmail, isErrorCode, isPhone, type Locale } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';

/** The part of a zod schema the form checks need. */
interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface FormIssue {
  field: string;
  message: string;
  /**
   * Shown beside its field only, not toasted as well: two entries that do not match are read
   * where they are typed, just above the button (a toast said it a second time).
   */
  inline?: boolean;
}

/** Whether an issue of `code` is said beside its field only (see FormIssue.inline). */
export const inlineOnly = (code: string) => code.endsWith('_MISMATCH');

/**
 * The first problem `values` have under a contracts schema, with the catalogue's message in
 * `locale`: the same rule and the same words the server would answer with.
 */
export function firstIssue(schema: Schema, values: unknown, locale: Locale): FormIssue | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const field = String(issue.path[0] ?? '');
  const message = isErrorCode(issue.message)
    ? errorMessage(issue.message, locale)
    : errorMessage('VALIDATION', locale, { field });
  return inlineOnly(issue.message) ? { field, message, inline: true } : { field, message };
}

export type AccountMode = 'phone' | 'email';

/** The account must match the chosen tab: digits on the phone tab, an address on the email tab. */
export function accountIssue(mode: AccountMode, account: string, locale: Locale): FormIssue | null {
  const value = account.trim();
  if (!value) return { field: 'account', message: errorMessage('ACCOUNT_REQUIRED', locale) };
  if (mode === 'phone' && !isPhone(value)) {
    return { field: 'account', message: errorMessage('PHONE_INVALID', locale) };
  }
  if (mode === 'email' && !isEmail(value)) {
    return { field: 'account', message: errorMessage('EMAIL_INVALID', locale) };
  }
  return null;
}
