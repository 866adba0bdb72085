import { useEffect } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { createBackPress } from '../../lib/backPress.ts';

const SENTINEL = 'hxBackSentinel';

function onSentinel(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && SENTINEL in state;
}

function pushSentinel(): void {
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.pushState({ ...base, [SENTINEL]: true }, '', window.location.href);
}

/**
 * On the home tab, browser back twice within two seconds leaves the app. An extra history entry
 * (the sentinel) catches the first back press, which only shows a hint.
 */
export function useBackToExit(): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!onSentinel()) pushSentinel();
    const press = createBackPress(2000);
    const onPopState = () => {
      if (onSentinel()) return;
      if (press(Date.now()) === 'exit') {
        window.removeEventListener('popstate', onPopState);
        window.close();
        window.history.back();
        return;
      }
      Toast.show({ content: t('exit.pressAgain'), duration: 2000 });
      pushSentinel();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [t]);
}
