import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { updatePasswordBody } from '@hx/protocol';
import { FormRow } from '../../components/FormRow.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { changePassword } from './queries.ts';
import { FormActions } from '../../components/FormActions.tsx';

/**
 * The old password, the new one twice; `onDone` runs once the server has taken the change
 * (this device stays logged in, the others are logged out and the API keys deleted).
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const form = useFormSubmit();
  const { errors, busy } = form;

  const submit = async () => {
    const body = { old_password: oldPassword, password, re_password: repeat };
    const issue = firstIssue(updatePasswordBody, body, locale);
    await form.submit(issue, async () => {
      await changePassword(body);
      Toast.show({ icon: 'success', content: t('changePassword.success') });
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <FormRow label={t('changePassword.old')} error={errors.old_password}>
        <PasswordInput
          value={oldPassword}
          onChange={setOldPassword}
          placeholder={t('changePassword.oldPlaceholder')}
          testId={TID.changePassword.old}
        />
      </FormRow>
      <FormRow label={t('changePassword.new')} error={errors.password}>
        <PasswordInput
          value={password}
          onChange={setPassword}
          placeholder={t('auth.newPasswordPlaceholder')}
          autoComplete="new-password"
          testId={TID.changePassword.password}
        />
      </FormRow>
      <FormRow label={t('changePassword.repeat')} error={errors.re_password}>
        <PasswordInput
          value={repeat}
          onChange={setRepeat}
          placeholder={t('changePassword.repeatPlaceholder')}
          autoComplete="new-password"
          testId={TID.changePassword.repeat}
          onEnter={submit}
        />
      </FormRow>
      <p className="hx-form-hint">{t('changePassword.hint')}</p>
      <p className="hx-form-hint">{t('changePassword.apiKeysNote')}</p>
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('changePassword.submit')}
        onSubmit={submit}
        submitTestId={TID.changePassword.submit}
      />
    </div>
  );
}
