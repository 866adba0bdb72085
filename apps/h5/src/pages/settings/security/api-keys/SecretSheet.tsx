import { Button, Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../lib/clipboard.ts';
import { TID } from '../../../../testids.ts';
import type { NewApiKey } from '../../../../features/api-keys/queries.ts';

/**
 * The new key's secret, shown this once: copy it, then it is gone from the app for good. An
 * Ed25519 key has none: the sheet shows the key to put beside the user's private key.
 */
export function SecretSheet({
  created,
  onDone,
}: {
  created: NewApiKey | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const secret = created?.secret ?? null;
  const copy = async (text: string) => {
    const copied = await copyText(text);
    Toast.show({ content: t(copied ? 'apiKeys.copied' : 'apiKeys.copyFailed') });
  };
  return (
    <Popup visible={created !== null} bodyClassName="hx-sheet" destroyOnClose>
      {created && (
        <div
          role="dialog"
          aria-labelledby="hx-api-secret-title"
          data-testid={TID.apiKeys.secretSheet}
        >
          <h2 className="hx-sheet-title" id="hx-api-secret-title">
            {t(secret === null ? 'apiKeys.ed25519Title' : 'apiKeys.secretTitle')}
          </h2>
          {secret === null ? (
            <p className="hx-form-hint">{t('apiKeys.ed25519Body')}</p>
          ) : (
            <p className="hx-api-secret-warning" role="alert">
              {t('apiKeys.secretWarning')}
            </p>
          )}
          <div className="hx-field-label">{t('apiKeys.key')}</div>
          <code className="hx-api-secret" data-testid={TID.apiKeys.newKey}>
            {created.key}
          </code>
          {secret !== null && (
            <>
              <div className="hx-field-label">{t('apiKeys.secret')}</div>
              <code className="hx-api-secret" data-testid={TID.apiKeys.secret}>
                {secret}
              </code>
            </>
          )}
          <div className="hx-api-secret-actions">
            <Button
              block
              onClick={() => void copy(secret ?? created.key)}
              data-testid={TID.apiKeys.copySecret}
            >
              {t(secret === null ? 'apiKeys.copyKey' : 'apiKeys.copySecret')}
            </Button>
            <Button block color="primary" onClick={onDone} data-testid={TID.apiKeys.done}>
              {t('apiKeys.done')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
