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
}

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
  return { field, message };
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
