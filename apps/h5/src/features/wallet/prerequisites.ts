import type { Locale, UserView } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';

export interface Missing {
  key: 'kyc' | 'payPassword' | 'address' | 'bankCard' | 'withdrawLock' | 'whitelist';
  message: string;
  to: string;
}

export const VERIFY_PATH = '/pages/verification/index';
export const PAY_PASSWORD_PATH = '/pages/settings/security/changePayPassword';
export const ADDRESS_CREATE_PATH = '/pages/user/address/create';
export const BANK_CARD_CREATE_PATH = '/pages/bankbind/addbank';

/**
 * What a withdrawal still needs from the user, in the server's order: basic identity
 * verification, then a fund password. Each with the catalogue's words and where to fix it.
 */
export function accountPrerequisites(user: UserView, locale: Locale): Missing[] {
  const missing: Missing[] = [];
  if (user.kyc.basic !== 'verified')
    missing.push({ key: 'kyc', message: errorMessage('KYC_REQUIRED', locale), to: VERIFY_PATH });
  if (!user.has_pay_password)
    missing.push({
      key: 'payPassword',
      message: errorMessage('PAY_PASSWORD_NOT_SET', locale),
      to: PAY_PASSWORD_PATH,
    });
  return missing;
}
