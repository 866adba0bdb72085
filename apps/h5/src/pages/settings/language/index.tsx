import { useState } from 'react';
import { List, SpinLoading, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { LOCALES, LOCALE_TAGS, LOCALE_TITLES, type Locale } from '@hx/protocol';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { chooseLanguage } from '../../../features/preferences/language.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';

export default function LanguagePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState<Locale | null>(null);

  const choose = async (next: Locale) => {
    if (next === locale || switching) return;
    setSwitching(next);
    try {
      await chooseLanguage(next);
      // Server texts (names, messages) come back in the new language.
      await queryClient.invalidateQueries();
    } catch {
      Toast.show({ content: t('errors.network') });
    } finally {
      setSwitching(null);
    }
  };

  return (
    <PageFrame title={t('language.title')}>
      <List className="hx-list">
        {LOCALES.map((code) => (
          <List.Item
            key={code}
            arrowIcon={false}
            onClick={() => void choose(code)}
            data-testid={TID.lang(code)}
            aria-current={code === locale ? 'true' : undefined}
            extra={
              switching === code ? (
                <SpinLoading style={{ '--size': '18px' }} color="primary" />
              ) : code === locale ? (
                <CheckOutline className="hx-check" />
              ) : null
            }
          >
            <span lang={LOCALE_TAGS[code]}>{LOCALE_TITLES[code]}</span>
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
