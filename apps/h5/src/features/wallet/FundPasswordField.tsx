import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';

/** The 6-digit fund password (digits only). */
export function FundPasswordField({
  value,
  onChange,
  label,
  placeholder,
  error,
  testId,
  isNew = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  testId: string;
  /** Setting a new one (the browser may offer to generate and save it). */
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormRow label={label ?? t('money.fundPassword')} error={error}>
      <PasswordInput
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
        placeholder={placeholder ?? t('money.fundPasswordPlaceholder')}
        autoComplete={isNew ? 'new-password' : 'current-password'}
        inputMode="numeric"
        maxLength={6}
        testId={testId}
      />
    </FormRow>
  );
}
