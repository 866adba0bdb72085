import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';

/** A new password and its confirmation (registering, resetting a forgotten one). */
export function NewPasswordFields({
  password,
  onPassword,
  confirm,
  onConfirm,
  errors,
  labels,
  testIds,
  onEnter,
}: {
  password: string;
  onPassword: (value: string) => void;
  confirm: string;
  onConfirm: (value: string) => void;
  errors: { password?: string; re_password?: string };
  labels: { password: string; confirm: string };
  testIds: { password: string; confirm: string };
  /** Enter in the confirmation sends the form. */
  onEnter?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormRow label={labels.password} error={errors.password}>
        <PasswordInput
          value={password}
          onChange={onPassword}
          placeholder={t('auth.newPasswordPlaceholder')}
          autoComplete="new-password"
          testId={testIds.password}
        />
      </FormRow>
      <FormRow label={labels.confirm} error={errors.re_password}>
        <PasswordInput
          value={confirm}
          onChange={onConfirm}
          placeholder={t('auth.confirmPlaceholder')}
          autoComplete="new-password"
          testId={testIds.confirm}
          onEnter={onEnter}
        />
      </FormRow>
    </>
  );
}
