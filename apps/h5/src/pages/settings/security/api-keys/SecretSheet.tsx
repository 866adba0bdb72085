import { Button, Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../lib/clipboard.ts';
import { TID } from '../../../../testids.ts';
import type { NewApiKey } from '../../../../features/api-keys/queries.ts';

/** The new key's secret, shown this once: copy it, then it is gone from the app for good. */
export function SecretSheet({
  created,
  onDone,
}: {
  created: NewApiKey | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
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
            {t('apiKeys.secretTitle')}
          </h2>
          <p className="hx-api-secret-warning" role="alert">
            {t('apiKeys.secretWarning')}
          </p>
          <div className="hx-field-label">{t('apiKeys.key')}</div>
          <code className="hx-api-secret" data-testid={TID.apiKeys.newKey}>
            {created.key}
          </code>
          <div className="hx-field-label">{t('apiKeys.secret')}</div>
          <code className="hx-api-secret" data-testid={TID.apiKeys.secret}>
            {created.secret}
          </code>
          <div className="hx-api-secret-actions">
            <Button
              block
              onClick={() => void copy(created.secret)}
              data-testid={TID.apiKeys.copySecret}
            >
              {t('apiKeys.copySecret')}
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
