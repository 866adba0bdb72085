import type { TFunction } from 'i18next';
import type { Locale } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { useSession } from '../../api/session-store.ts';
import type { FormIssue } from '../auth/validate.ts';

/**
 * Whether the user's authenticator is on, as `user/center` last said (the money and security
 * pages ask it again when they open): their forms then show the code field and send `totp`.
 */
export function useTwoFactorOn(): boolean {
  return useSession()?.user.two_factor === true;
}

/** The `totp` field of a protected form: missing or not six digits, said before sending. */
export function totpIssue(code: string, locale: Locale, t: TFunction): FormIssue | null {
  if (!code) return { field: 'totp', message: errorMessage('TWO_FACTOR_REQUIRED', locale) };
  if (!/^\d{6}$/.test(code)) return { field: 'totp', message: t('twoFactor.codeLength') };
  return null;
}

/** What is wrong with the typed code before it is sent, in the form's words. */
export function secondFactorIssue(
  value: string,
  recovery: boolean,
  t: TFunction,
): FormIssue | null {
  if (recovery)
    return value.trim() ? null : { field: 'code', message: t('twoFactor.recoveryRequired') };
  return /^\d{6}$/.test(value) ? null : { field: 'code', message: t('twoFactor.codeLength') };
}
