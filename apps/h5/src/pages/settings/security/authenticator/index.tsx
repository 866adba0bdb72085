import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useGoBack } from '../../../../features/navigation/useGoBack.ts';
import { useAccountState } from '../../../../features/wallet/queries.ts';
import { TID } from '../../../../testids.ts';
import { TurnOffForm } from '../../../../features/two-factor/TurnOffForm.tsx';
import { TurnOnForm } from '../../../../features/two-factor/TurnOnForm.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import '../../../../features/wallet/styles.ts';
import './authenticator.css';

/**
 * The authenticator app (TOTP): set up with a QR code and a first code, then the ten recovery
 * codes once; when on, turned off with a code.
 */
export default function AuthenticatorPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const user = useAccountState();
  // Shown once, right after turning on; the server keeps only their hashes.
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = codes !== null || user?.two_factor === true;

  return (
    <PageFrame title={t('twoFactor.title')}>
      <div className="hx-form">
        {user && (
          <div className="hx-2fa-status">
            <span>{t('twoFactor.title')}</span>
            <span
              className={on ? 'hx-2fa-state hx-2fa-state--on' : 'hx-2fa-state'}
              data-testid={TID.authenticator.status}
              data-state={on ? 'on' : 'off'}
            >
              {on ? t('twoFactor.on') : t('twoFactor.off')}
            </span>
          </div>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} onSaved={goBack} />
        ) : !user ? (
          <span className="hx-spinner" />
        ) : user.two_factor ? (
          <TurnOffForm />
        ) : (
          <TurnOnForm onEnabled={setCodes} />
        )}
      </div>
    </PageFrame>
  );
}
