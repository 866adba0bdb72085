import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AuthenticatorField } from './AuthenticatorField.tsx';
import './two-factor.css';

export interface SecondFactorTestIds {
  code: string;
  recovery: string;
  toggle: string;
}

/** The code an authenticator shows, or (the phone lost) one of the saved recovery codes. */
export function SecondFactorInput({
  value,
  onChange,
  recovery,
  onRecoveryChange,
  error,
  testIds,
  onEnter,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  error?: string;
  testIds: SecondFactorTestIds;
  onEnter?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {recovery ? (
        <FormRow label={t('twoFactor.recoveryCode')} error={error}>
          <TextInput
            value={value}
            onChange={(v) => onChange(v.slice(0, 32))}
            placeholder={t('twoFactor.recoveryPlaceholder')}
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            testId={testIds.recovery}
            onEnter={onEnter}
            autoFocus={autoFocus}
          />
        </FormRow>
      ) : (
        <AuthenticatorField
          value={value}
          onChange={onChange}
          error={error}
          testId={testIds.code}
          onEnter={onEnter}
          autoFocus={autoFocus}
        />
      )}
      <button
        type="button"
        className="hx-link-button hx-second-factor-toggle"
        onClick={() => {
          onChange('');
          onRecoveryChange(!recovery);
        }}
        data-testid={testIds.toggle}
      >
        {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
      </button>
    </>
  );
}
