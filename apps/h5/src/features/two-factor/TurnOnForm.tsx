import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { refresh } from '../../cache/refresh.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { copyWithToast } from '../wallet/copy.ts';
import { TID } from '../../testids.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { AuthenticatorField } from './AuthenticatorField.tsx';
import { enableTwoFactor, startTwoFactorSetup, type TwoFactorSetup } from './queries.ts';

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Setting the authenticator up: a fresh key as a QR code and text, then its first code. */
export function TurnOnForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [code, setCode] = useState('');
  const form = useFormSubmit();

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch {
      // The client has said why.
    } finally {
      setStarting(false);
    }
  };

  const enable = () =>
    form.submit(
      /^\d{6}$/.test(code) ? null : { field: 'code', message: t('twoFactor.codeLength') },
      async () => {
        try {
          const { recovery_codes } = await enableTwoFactor(code);
          Toast.show({ icon: 'success', content: t('twoFactor.enabled') });
          onEnabled(recovery_codes);
          await refresh(queryClient, 'user');
        } catch (error) {
          // A setup replaced elsewhere: start again with a fresh key.
          if (isApiError(error) && error.code === 'TWO_FACTOR_SETUP_FIRST') setSetup(null);
          if (isApiError(error) && error.code.startsWith('TWO_FACTOR'))
            form.setErrors({ code: error.message });
          else throw error;
        }
      },
    );

  if (!setup)
    return (
      <>
        <p className="hx-2fa-text">{t('twoFactor.intro')}</p>
        <Button
          block
          color="primary"
          size="large"
          loading={starting}
          onClick={() => void start()}
          data-testid={TID.authenticator.start}
        >
          {t('twoFactor.start')}
        </Button>
      </>
    );

  return (
    <>
      <p className="hx-2fa-step">{t('twoFactor.scan')}</p>
      <section className="hx-deposit-card">
        <QrCode text={setup.otpauth} label={t('twoFactor.qrLabel')} testId={TID.authenticator.qr} />
        <div className="hx-field-label">{t('twoFactor.secret')}</div>
        <div className="hx-2fa-secret" data-testid={TID.authenticator.secret}>
          {grouped(setup.secret)}
        </div>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() =>
            void copyWithToast(setup.secret, t('common.copied'), t('common.copyFailed'))
          }
          data-testid={TID.authenticator.copySecret}
        >
          {t('twoFactor.copySecret')}
        </Button>
      </section>
      <p className="hx-2fa-step">{t('twoFactor.enterCode')}</p>
      <AuthenticatorField
        value={code}
        onChange={setCode}
        error={form.errors.code}
        testId={TID.authenticator.code}
        onEnter={() => void enable()}
      />
      <FormActions
        error={form.errors.form}
        busy={form.busy}
        label={t('twoFactor.enable')}
        onSubmit={() => void enable()}
        submitTestId={TID.authenticator.enable}
      />
    </>
  );
}
