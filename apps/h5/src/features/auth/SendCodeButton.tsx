import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { useCountdown } from './useCountdown.ts';
import './auth.css';

const RESEND_SECONDS = 60;

/** "Send code", then a 60 s countdown. `onSend` checks the account and sends; false: not sent. */
export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="hx-code-button"
      disabled={busy || left > 0}
      data-testid={TID.sendCode}
      onClick={async () => {
        setBusy(true);
        try {
          if (await onSend()) start(RESEND_SECONDS);
        } finally {
          setBusy(false);
        }
      }}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
