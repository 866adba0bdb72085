import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankCardBody, errorMessage } from '@hx/contracts';
import { apiPost } from '../../../api/http.ts';
import { FormRow } from '../../../components/FormRow.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { firstIssue } from '../../../features/auth/validate.ts';
import { useGoBack } from '../../../features/navigation/useGoBack.ts';
import { totpIssue, useTwoFactorOn } from '../../../features/two-factor/totp.ts';
import { DestinationProof } from '../../../features/wallet/DestinationProof.tsx';
import { PrerequisiteList } from '../../../features/wallet/PrerequisiteList.tsx';
import { PAY_PASSWORD_PATH } from '../../../features/wallet/prerequisites.ts';
import { useAccountState } from '../../../features/wallet/queries.ts';
import type { BankCardField } from '../../../features/wallet/types.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import { useFormSubmit } from '../../../features/forms/useFormSubmit.ts';
import { FormActions } from '../../../components/FormActions.tsx';

/** The fields in the form's order, with their longest accepted length. */
const LIMITS: Record<BankCardField, number> = {
  name: 100,
  card_number: 64,
  depositary_bank: 100,
  branch: 100,
  bank_name: 100,
  bank_address: 200,
  swift_code: 32,
  payee_address: 200,
  zip_code: 16,
};

const BANK_CARD_FIELDS = Object.keys(LIMITS) as BankCardField[];
const empty = Object.fromEntries(BANK_CARD_FIELDS.map((f) => [f, ''])) as Record<
  BankCardField,
  string
>;

/**
 * Bind a bank card: every field of an international transfer, all required, then what a new
 * withdraw address takes: the fund password, a code to the user, and the authenticator's code
 * with 2FA on.
 */
export default function AddBankCardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const user = useAccountState();
  const [values, setValues] = useState(empty);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const twoFactor = useTwoFactorOn();
  const form = useFormSubmit();
  const { errors, busy } = form;
  const noPassword = user !== undefined && !user.has_pay_password;

  const submit = async () => {
    const body = {
      ...(Object.fromEntries(BANK_CARD_FIELDS.map((f) => [f, values[f].trim()])) as Record<
        BankCardField,
        string
      >),
      pay_password: password,
      code: code.trim(),
      totp: twoFactor ? totp : undefined,
    };
    const issue = noPassword
      ? { field: 'form', message: errorMessage('PAY_PASSWORD_NOT_SET', locale) }
      : (firstIssue(bankCardBody, body, locale) ?? (twoFactor ? totpIssue(totp, locale, t) : null));
    await form.submit(issue, async () => {
      await apiPost('user/cash_save', body);
      Toast.show({ icon: 'success', content: t('bank.saved') });
      await queryClient.invalidateQueries({ queryKey: ['bankCards'] });
      goBack();
    });
  };

  return (
    <PageFrame title={t('bank.addTitle')}>
      <div className="hx-form">
        {noPassword && (
          <PrerequisiteList
            missing={[
              {
                key: 'payPassword',
                message: errorMessage('PAY_PASSWORD_NOT_SET', locale),
                to: PAY_PASSWORD_PATH,
              },
            ]}
          />
        )}
        {BANK_CARD_FIELDS.map((field) => (
          <FormRow key={field} label={t(`bank.fields.${field}`)} error={errors[field]}>
            <TextInput
              value={values[field]}
              onChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
              placeholder={t(`bank.placeholders.${field}`)}
              maxLength={LIMITS[field]}
              autoComplete="off"
              testId={TID.bank.field(field)}
            />
          </FormRow>
        ))}
        <DestinationProof
          password={password}
          onPassword={setPassword}
          code={code}
          onCode={setCode}
          totp={totp}
          onTotp={setTotp}
          twoFactor={twoFactor}
          errors={errors}
          testIds={TID.bank}
        />
        <FormActions
          error={errors.form}
          busy={busy}
          label={t('bank.save')}
          onSubmit={submit}
          submitTestId={TID.bank.submit}
        />
      </div>
    </PageFrame>
  );
}
