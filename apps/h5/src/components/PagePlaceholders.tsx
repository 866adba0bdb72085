import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { SHELL_TID as TID } from '../testids-shell.ts';
import { NavBar } from './NavBar.tsx';

/** Shown while a page's code loads, but only after 200 ms so fast loads don't flicker. */
export function PageLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="hx-placeholder" aria-busy="true">
      {visible && <span className="hx-spinner" />}
    </div>
  );
}

export function PageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title="" />
      <div className="hx-placeholder" role="alert">
        <p className="hx-placeholder-title">{t('loader.failed')}</p>
        <p className="hx-placeholder-hint">{t('loader.failedHint')}</p>
        <Button color="primary" fill="outline" onClick={onRetry} data-testid={TID.pageRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </>
  );
}
