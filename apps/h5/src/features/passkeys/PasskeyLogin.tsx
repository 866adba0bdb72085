import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/errors.ts';
import { syncLanguage } from '../session/queries.ts';
import { sessionStore } from '../../api/session-store.ts';
import { TID } from '../../testids.ts';
import { PasskeyIcon } from './PasskeyIcon.tsx';
import { passkeyFailure, passkeysSupported, signWithPasskey } from './webauthn.ts';
import './passkeys.css';

/**
 * "Log in with a passkey": no account or password; the authenticator offers the passkeys it
 * keeps for this site. Hidden where the browser cannot use passkeys.
 */
export function PasskeyLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  const logIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await call.passkeyLoginOptions();
      let response: string;
      try {
        response = await signWithPasskey(options);
      } catch (failure) {
        const message = t(passkeyFailure(failure));
        Toast.show({ content: message });
        setError(message);
        return;
      }
      const result = await call.passkeyLogin({ response });
      sessionStore.start(result.token, result.user);
      syncLanguage();
      onDone();
    } catch (failure) {
      // The client has toasted the server's message; it stays below the button too.
      if (failure instanceof ApiError) setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-passkey-login">
      <div className="hx-passkey-or" aria-hidden="true">
        <span>{t('passkeys.or')}</span>
      </div>
      <Button
        block
        size="large"
        loading={busy}
        onClick={() => void logIn()}
        data-testid={TID.login.passkey}
      >
        <PasskeyIcon className="hx-passkey-login-icon" /> {t('passkeys.logIn')}
      </Button>
      {error && (
        <div className="hx-form-error" role="alert" data-testid={TID.login.passkeyError}>
          {error}
        </div>
      )}
    </div>
  );
}
