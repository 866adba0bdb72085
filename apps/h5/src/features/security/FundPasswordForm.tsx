import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { payPasswordBody } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { CodeField } from '../auth/CodeField.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { totpIssue, useTwoFactorOn } from '../two-factor/totp.ts';
import { useSession } from '../../api/session-store.ts';
import { ownCodeTarget } from '../wallet/codeTarget.ts';
import { FundPasswordField } from '../wallet/FundPasswordField.tsx';
import { useLocale } from '../../i18n/index.ts';
import { maskAccount } from '../../lib/account.ts';
import { TID } from '../../testids.ts';
import { saveFundPassword } from './queries.ts';
import '../wallet/styles.ts';
import { FormActions } from '../../components/FormActions.tsx';

/**
 * The 6-digit fund password twice, with a code sent to the user (and the authenticator code
 * while 2FA is on); `onDone` runs once the server has taken it. `change`: one is already set,
 * so saving pauses withdrawals for 24 h (the form says so).
 */
export function FundPasswordForm({ onDone, change }: { onDone: () => void; change: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const target = ownCodeTarget(useSession()?.user);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const twoFactor = useTwoFactorOn();
  const form = useFormSubmit();
  const { errors, busy } = form;

  const submit = async () => {
    const body = {
      pay_password: password,
      re_pay_password: repeat,
      code: code.trim(),
      totp: twoFactor ? totp : undefined,
    };
    // In the form's order: the password, the repetition, then the code (the schema compares
    // the two only once the code is there).
    const schema = firstIssue(payPasswordBody, body, locale);
    const mismatch =
      repeat && repeat !== password
        ? {
            field: 're_pay_password',
            message: errorMessage('PAY_PASSWORD_MISMATCH', locale),
            inline: true,
          }
        : null;
    const issue =
      (schema?.field === 'pay_password' ? schema : (mismatch ?? schema)) ??
      (twoFactor ? totpIssue(totp, locale, t) : null);
    await form.submit(issue, async () => {
      await saveFundPassword(body);
      Toast.show({ icon: 'success', content: t('payPassword.success') });
      await refresh(queryClient, 'user');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <FundPasswordField
        label={t('payPassword.new')}
        value={password}
        onChange={setPassword}
        error={errors.pay_password}
        testId={TID.payPassword.password}
        isNew
      />
      <FundPasswordField
        label={t('payPassword.repeat')}
        placeholder={t('payPassword.repeatPlaceholder')}
        value={repeat}
        onChange={setRepeat}
        error={errors.re_pay_password}
        testId={TID.payPassword.repeat}
        isNew
      />
      {target && (
        <CodeField
          value={code}
          onChange={setCode}
          target={target}
          scene="security"
          beforeSend={() => true}
          error={errors.code}
          testId={TID.payPassword.code}
        />
      )}
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={errors.totp}
          testId={TID.payPassword.totp}
        />
      )}
      <p className="hx-form-hint">
        {t('payPassword.hint', { account: maskAccount(target?.account ?? '') })}
      </p>
      {/* A change (not the first one) pauses withdrawals for 24 h, as the server does. */}
      {change && <p className="hx-form-hint">{t('payPassword.lockNote')}</p>}
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('payPassword.submit')}
        onSubmit={submit}
        submitTestId={TID.payPassword.submit}
      />
    </div>
  );
}
