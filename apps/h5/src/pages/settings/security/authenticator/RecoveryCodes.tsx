import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../../features/wallet/copy.ts';
import { TID } from '../../../../testids.ts';

/** The ten recovery codes, shown this once: copy them, then say they are kept. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="hx-2fa-title">{t('twoFactor.codesTitle')}</h3>
      <p className="hx-2fa-text">{t('twoFactor.codesHint')}</p>
      <ol className="hx-2fa-codes" data-testid={TID.authenticator.recoveryCodes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="hx-2fa-actions">
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          onClick={() =>
            void copyWithToast(codes.join('\n'), t('common.copied'), t('common.copyFailed'))
          }
          data-testid={TID.authenticator.copyCodes}
        >
          {t('twoFactor.copyCodes')}
        </Button>
        <Button
          block
          color="primary"
          size="large"
          onClick={onSaved}
          data-testid={TID.authenticator.saved}
        >
          {t('twoFactor.saved')}
        </Button>
      </div>
    </>
  );
}
