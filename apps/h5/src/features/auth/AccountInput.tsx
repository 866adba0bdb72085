import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AreaCodePicker } from './AreaCodePicker.tsx';
import type { AccountMode } from './validate.ts';

/** The account row: a phone number with its calling code, or an email address. */
export function AccountInput({
  mode,
  account,
  areaCode,
  onAccount,
  onAreaCode,
  error,
  testId,
}: {
  mode: AccountMode;
  account: string;
  areaCode: string;
  onAccount: (value: string) => void;
  onAreaCode: (code: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FormRow label={mode === 'phone' ? t('auth.phone') : t('auth.email')} error={error}>
      {mode === 'phone' && <AreaCodePicker value={areaCode} onChange={onAreaCode} />}
      <TextInput
        key={mode}
        type={mode === 'phone' ? 'tel' : 'email'}
        inputMode={mode === 'phone' ? 'numeric' : 'email'}
        autoComplete={mode === 'phone' ? 'tel-national' : 'email'}
        autoCapitalize="off"
        value={account}
        onChange={(value) => onAccount(mode === 'phone' ? value.replace(/\D/g, '') : value)}
        placeholder={mode === 'phone' ? t('auth.phonePlaceholder') : t('auth.emailPlaceholder')}
        maxLength={mode === 'phone' ? 15 : 128}
        testId={testId}
      />
    </FormRow>
  );
}
