import { useTranslation } from 'react-i18next';
import { SHELL_TID as TID } from '../testids-shell.ts';
import { appUpdate, useAppUpdate } from './appUpdate.ts';

/** "New version available — Reload": shown once a new deployment's service worker is waiting. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  if (!useAppUpdate()) return null;
  return (
    <div className="hx-update" role="status" data-testid={TID.shell.update}>
      <span className="hx-update-text">{t('update.available')}</span>
      <button
        type="button"
        className="hx-update-later"
        onClick={() => appUpdate.dismiss()}
        data-testid={TID.shell.updateLater}
      >
        {t('update.later')}
      </button>
      <button
        type="button"
        className="hx-update-reload"
        onClick={() => appUpdate.reload()}
        data-testid={TID.shell.updateReload}
      >
        {t('update.reload')}
      </button>
    </div>
  );
}
