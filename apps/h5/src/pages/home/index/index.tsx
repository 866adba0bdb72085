import { Suspense, useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { AfterPaint } from '../../../components/AfterPaint.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { SoonTag } from '../../../components/SoonTag.tsx';
import { configQuery, useAppName, useIsDemo } from '../../../features/config/queries.ts';
import { QUICK_ENTRIES } from '../../../features/menu/quickEntries.ts';
import { Bell } from '../../../features/notifications/Bell.tsx';
import { useIsBuilt } from '../../../features/navigation/builtPages.ts';
import { useBackToExit } from '../../../features/navigation/useBackToExit.ts';
import { useUser } from '../../../features/session/queries.ts';
import { maskAccount } from '../../../lib/account.ts';
import { usePagePainted } from '../../../lib/firstPaint.ts';
import { TID } from '../../../testids.ts';
import { HomeBanner } from '../HomeBanner.tsx';
import '../home.css';
import { MarketList, SideMenu } from '../lazyParts.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const appName = useAppName();
  const demo = useIsDemo();
  const user = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const painted = usePagePainted();
  const isBuilt = useIsBuilt();
  useBackToExit();

  const title = (
    <span className="hx-home-title">
      <span className="hx-home-name">{appName}</span>
      {demo && (
        <Tag color="warning" fill="outline" data-testid={TID.demoBadge}>
          {t('common.demo')}
        </Tag>
      )}
    </span>
  );

  return (
    <PageFrame
      title={title}
      left={
        <button
          type="button"
          className="hx-icon-button"
          aria-label={t('common.menu')}
          data-testid={TID.menuButton}
          onClick={() => setMenuOpen(true)}
        >
          <UnorderedListOutline />
        </button>
      }
      right={
        <>
          <button
            type="button"
            className="hx-icon-button"
            aria-label={t('settings.language')}
            onClick={() => navigate('/pages/settings/language/language')}
          >
            <GlobalOutline />
          </button>
          <Bell />
        </>
      }
    >
      <Refreshable
        onRefresh={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: configQuery.queryKey }),
            queryClient.refetchQueries({ queryKey: queryKeys.market, type: 'active' }),
          ])
        }
      >
        <HomeBanner />
        <section className="hx-home-welcome">
          {user ? (
            <>
              <h2>{t('home.hello', { name: user.nickname || maskAccount(user.account) })}</h2>
              <p>{t('home.welcome', { name: appName })}</p>
            </>
          ) : (
            <>
              <h2>{t('home.welcome', { name: appName })}</h2>
              <p>{t('home.visitorHint')}</p>
              <Button
                color="primary"
                onClick={() => navigate('/pages/user/login/choose')}
                data-testid={TID.homeLoginRegister}
              >
                {t('home.loginRegister')}
              </Button>
            </>
          )}
        </section>
        {demo && <p className="hx-home-demo">{t('home.demoNotice')}</p>}
        <section className="hx-home-quick" aria-label={t('home.quickEntries')}>
          {QUICK_ENTRIES.map(({ key, label, to, Icon }) => {
            const enabled = isBuilt(to);
            return (
              <button
                key={key}
                type="button"
                className={enabled ? 'hx-quick' : 'hx-quick hx-quick--soon'}
                disabled={!enabled}
                aria-disabled={!enabled}
                onClick={() => navigate(to)}
              >
                <Icon className="hx-quick-icon" />
                <span>{t(label)}</span>
                {!enabled && <SoonTag />}
              </button>
            );
          })}
        </section>
        <AfterPaint
          fallback={<section className="hx-market hx-market--loading" aria-busy="true" />}
        >
          <MarketList />
        </AfterPaint>
      </Refreshable>
      {(painted || menuOpen) && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
