import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payPasswordField } from '@hx/protocol';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { FundPasswordField } from '../wallet/FundPasswordField.tsx';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { FormSheet } from '../../components/FormSheet.tsx';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { totpIssue } from '../two-factor/totp.ts';

export interface Secrets {
  pay_password: string;
  totp?: string;
}

/**
 * A protection change confirmed with the fund password (and the authenticator code while 2FA
 * is on). `onConfirm` sends it; a refusal stays in the sheet, which closes on success.
 */
export function ProtectionSheet({
  open,
  title,
  note,
  twoFactor,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  note?: string;
  twoFactor: boolean;
  onConfirm: (secrets: Secrets) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const form = useFormSubmit();

  const close = () => {
    setPassword('');
    setTotp('');
    form.setErrors({});
    onClose();
  };
  const confirm = () => {
    const passwordIssue = firstIssue(payPasswordField, password, locale);
    const issue =
      (passwordIssue && { ...passwordIssue, field: 'pay_password' }) ??
      (twoFactor ? totpIssue(totp, locale, t) : null);
    return form.submit(issue, async () => {
      await onConfirm({ pay_password: password, totp: twoFactor ? totp : undefined });
      close();
    });
  };

  return (
    <FormSheet
      open={open}
      onClose={close}
      title={title}
      form={form}
      testIds={{ sheet: TID.protection.sheet, submit: TID.protection.confirm }}
      label={t('common.confirm')}
      onSubmit={() => void confirm()}
    >
      {note && <p className="hx-form-hint">{note}</p>}
      <FundPasswordField
        value={password}
        onChange={setPassword}
        error={form.errors.pay_password}
        testId={TID.protection.password}
      />
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={form.errors.totp}
          testId={TID.protection.totp}
        />
      )}
    </FormSheet>
  );
}
