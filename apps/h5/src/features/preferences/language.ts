import type { Locale } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { changeLocale } from '../../i18n/index.ts';
import { sessionStore } from '../../api/session-store.ts';

/**
 * Switches the app to `locale` and, when logged in, keeps it on the account so the server's
 * mails and messages follow it.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await changeLocale(locale);
  if (sessionStore.get()) {
    await call.configSetLang({ lang: locale }, { loading: false, toast: false }).catch(() => {});
  }
}
