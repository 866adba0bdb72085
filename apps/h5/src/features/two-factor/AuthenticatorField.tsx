import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';

/** The 6-digit code an authenticator app shows (digits only; phones offer it from the app). */
export function AuthenticatorField({
  value,
  onChange,
  error,
  testId,
  label,
  onEnter,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  label?: string;
  onEnter?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormRow label={label ?? t('twoFactor.code')} error={error}>
      <TextInput
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('twoFactor.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId={testId}
        onEnter={onEnter}
        autoFocus={autoFocus}
      />
    </FormRow>
  );
}
