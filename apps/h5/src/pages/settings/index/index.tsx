import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALE_TITLES } from '@hx/protocol';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useConfig } from '../../../features/config/queries.ts';
import { clearCache } from '../../../features/preferences/clearCache.ts';
import { ThemeSelector } from '../../../features/preferences/ThemeSelector.tsx';
import { usePricingChoice } from '../../../features/pricing/usePricing.ts';
import { useLogout, useUser } from '../../../features/session/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { HOME_PATH } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';

const PUSH_SETTINGS_PATH = '/pages/settings/push/index';

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const user = useUser();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const version = useConfig().data?.version ?? __APP_VERSION__;
  const pricing = usePricingChoice();

  const confirmClearCache = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.clearCacheConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await clearCache(queryClient);
    Toast.show({ icon: 'success', content: t('settings.cacheCleared') });
  };

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await logout.mutateAsync();
    Toast.show({ content: t('settings.loggedOut') });
    void navigate(HOME_PATH, { replace: true });
  };

  return (
    <PageFrame title={t('settings.title')}>
      <List className="hx-list">
        <List.Item
          onClick={() => navigate('/pages/settings/account/index')}
          data-testid={TID.settings.account}
          extra={user?.nickname}
        >
          {t('settings.account')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/settings/security/index')}
          data-testid={TID.settings.security}
        >
          {t('settings.security')}
        </List.Item>
        {user && (
          <List.Item onClick={() => navigate(PUSH_SETTINGS_PATH)} data-testid={TID.settings.push}>
            {t('push.title')}
          </List.Item>
        )}
      </List>
      <List className="hx-list">
        <List.Item
          onClick={() => navigate('/pages/settings/language/language')}
          extra={LOCALE_TITLES[locale]}
          data-testid={TID.settings.language}
        >
          {t('settings.language')}
        </List.Item>
        <List.Item extra={<ThemeSelector />}>{t('settings.theme')}</List.Item>
        <List.Item
          onClick={() => navigate('/pages/settings/pricing/index')}
          extra={pricing}
          data-testid={TID.settings.pricing}
        >
          {t('settings.pricing')}
        </List.Item>
      </List>
      <List className="hx-list">
        <List.Item onClick={confirmClearCache} data-testid={TID.settings.clearCache}>
          {t('settings.clearCache')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/settings/about/index')}
          extra={`v${version}`}
          data-testid={TID.settings.about}
        >
          {t('settings.about')}
        </List.Item>
      </List>
      {user && (
        <div className="hx-settings-logout">
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={logout.isPending}
            onClick={confirmLogout}
            data-testid={TID.settings.logout}
          >
            {t('settings.logout')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
