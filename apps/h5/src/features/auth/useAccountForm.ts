import { useState } from 'react';
import { useLocale } from '../../i18n/index.ts';
import { DEFAULT_AREA_CODE } from './defaults.ts';
import type { AccountMode } from './validate.ts';

/** Phone or email, the account and its calling code: the state every account form shares. */
export function useAccountForm(initialMode: AccountMode = 'phone') {
  const locale = useLocale();
  const [mode, setMode] = useState<AccountMode>(initialMode);
  const [account, setAccount] = useState('');
  const [areaCode, setAreaCode] = useState(DEFAULT_AREA_CODE[locale]);
  return {
    mode,
    account,
    areaCode,
    setAccount,
    setAreaCode,
    /** Switching tabs starts the account over: a phone number is no email. */
    setMode(next: AccountMode) {
      if (next !== mode) setAccount('');
      setMode(next);
    },
    /** The account fields the API takes. */
    fields(): { account: string; area_code?: string } {
      return mode === 'phone'
        ? { account: account.trim(), area_code: areaCode }
        : { account: account.trim() };
    },
  };
}
