import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { totpIssue, useTwoFactorOn } from '../two-factor/totp.ts';
import { useLocale } from '../../i18n/index.ts';
import { useAccountState } from './queries.ts';

type Schema = Parameters<typeof firstIssue>[0];

/**
 * What a new place to withdraw to takes (an address, a bank card): the fund password, a code
 * sent to the user (scene `address`), and the authenticator's code when 2FA is on. The form's
 * body spreads `fields`; `issue` checks the whole body before it is sent.
 */
export function useDestinationProof() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useAccountState();
  const twoFactor = useTwoFactorOn();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const noPassword = user !== undefined && !user.has_pay_password;
  return {
    noPassword,
    fields: { pay_password: password, code: code.trim(), totp: twoFactor ? totp : undefined },
    issue: (schema: Schema, body: unknown): FormIssue | null =>
      noPassword
        ? { field: 'form', message: errorMessage('PAY_PASSWORD_NOT_SET', locale) }
        : (firstIssue(schema, body, locale) ?? (twoFactor ? totpIssue(totp, locale, t) : null)),
    inputs: { password, setPassword, code, setCode, totp, setTotp, twoFactor },
  };
}
