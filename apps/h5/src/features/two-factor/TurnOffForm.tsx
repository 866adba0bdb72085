import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { refresh } from '../../cache/refresh.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { TID } from '../../testids.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { disableTwoFactor } from './queries.ts';
import { SecondFactorInput } from './SecondFactorInput.tsx';
import { secondFactorIssue } from './totp.ts';

/** With the authenticator on: what it guards, and turning it off with a code. */
export function TurnOffForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const form = useFormSubmit();

  const disable = () =>
    form.submit(secondFactorIssue(code, recovery, t), async () => {
      try {
        await disableTwoFactor(code.trim());
      } catch (error) {
        if (isApiError(error) && error.code.startsWith('TWO_FACTOR')) {
          form.setErrors({ code: error.message });
          return;
        }
        throw error;
      }
      Toast.show({ icon: 'success', content: t('twoFactor.disabled') });
      setCode('');
      await refresh(queryClient, 'user');
    });

  return (
    <>
      <p className="hx-2fa-text">{t('twoFactor.onHint')}</p>
      <h3 className="hx-2fa-title">{t('twoFactor.disableTitle')}</h3>
      <p className="hx-form-hint hx-2fa-warning">{t('twoFactor.disableHint')}</p>
      <SecondFactorInput
        value={code}
        onChange={setCode}
        recovery={recovery}
        onRecoveryChange={setRecovery}
        error={form.errors.code}
        testIds={TID.authenticator.disable}
        onEnter={() => void disable()}
      />
      <FormActions
        error={form.errors.form}
        busy={form.busy}
        label={t('twoFactor.disable')}
        onSubmit={() => void disable()}
        submitTestId={TID.authenticator.disable.submit}
        color="danger"
        fill="outline"
      />
    </>
  );
}
