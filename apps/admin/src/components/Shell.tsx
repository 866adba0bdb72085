import { useState } from 'react';
import { Button, Grid, Layout, Menu, Result, Space, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { sessionStore, useSession } from '../api/session.ts';
import { can, type Screen } from '../roles.ts';
import { S } from '../strings.ts';
import Login from '../pages/Login.tsx';
import { adminKeys } from '../queryKeys.ts';

type Group = { label: string; items: Screen[] };
const GROUPS: Group[] = [
  { label: '', items: ['dashboard', 'alerts'] },
  { label: S.nav.review, items: ['deposits', 'withdrawals', 'chain', 'kyc', 'subscriptions'] },
  { label: '', items: ['users'] },
  { label: S.nav.support, items: ['chat', 'feedback', 'outbox'] },
  { label: S.nav.content, items: ['notices', 'help', 'banners'] },
  { label: S.nav.admin, items: ['config', 'maker', 'bots', 'operators', 'audit'] },
  { label: S.nav.account, items: ['security'] },
];

/** The frame of every screen: the menu shows only what the operator's role can open. */
export function Shell() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  // Below 768 px the menu is a drawer over the page, opened from its edge tab.
  const narrow = !Grid.useBreakpoint().md;
  const [menuOpen, setMenuOpen] = useState(false);
  // Demo mode says that operators' 2FA is not enforced, on every page.
  const twoFactor = useQuery({
    queryKey: adminKeys.twoFactor,
    queryFn: () => call.operatorTwoFactor(),
    enabled: session !== null,
  });
  if (!session) return <Login />;

  const screen = (matches.at(-1)?.handle as { screen?: Screen } | undefined)?.screen;
  const items: MenuProps['items'] = GROUPS.flatMap((group): NonNullable<MenuProps['items']> => {
    const visible = group.items.filter((s) => can(session.role, s));
    if (visible.length === 0) return [];
    const entries = visible.map((s) => ({
      key: `/${s}`,
      label: S.nav[s],
      'data-testid': `nav-${s}`,
    }));
    return group.label
      ? [{ type: 'group' as const, key: group.label, label: group.label, children: entries }]
      : entries;
  });

  const logout = async () => {
    await call.operatorLogout().catch(() => undefined);
    sessionStore.set(null);
    queryClient.clear();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={220}
        theme="light"
        collapsible={narrow}
        collapsed={narrow && !menuOpen}
        collapsedWidth={0}
        trigger={narrow ? undefined : null}
        onCollapse={(collapsed) => setMenuOpen(!collapsed)}
        zeroWidthTriggerStyle={{ top: 12 }}
        style={{
          borderRight: '1px solid #f0f0f0',
          position: narrow ? 'fixed' : 'sticky',
          zIndex: 20,
          top: 0,
          height: '100vh',
        }}
      >
        <Typography.Title level={5} style={{ padding: '18px 20px 6px', margin: 0 }}>
          {S.app}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={[location.pathname]}
          items={items}
          onClick={(e) => {
            setMenuOpen(false);
            navigate(e.key);
          }}
          style={{ borderInlineEnd: 0, maxHeight: 'calc(100vh - 52px)', overflow: 'auto' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 8,
            height: 'auto',
            minHeight: 64,
            lineHeight: 'normal',
            padding: narrow ? '8px 12px 8px 48px' : '0 24px',
          }}
        >
          <Typography.Title level={narrow ? 5 : 4} style={{ margin: 0 }}>
            {screen ? S.nav[screen] : ''}
          </Typography.Title>
          <Space wrap>
            {twoFactor.data?.required === false && (
              <Tag
                color="orange"
                style={{ cursor: 'pointer' }}
                onClick={() => navigate('/security')}
                title={S.login.demoNoticeHint}
                data-testid="demo-2fa-tag"
              >
                {S.login.demoNotice}
              </Tag>
            )}
            <span data-testid="operator-email" hidden={narrow}>
              {session.email}
            </span>
            <Tag color="blue" data-testid="operator-role">
              {session.role}
            </Tag>
            <Button onClick={() => void logout()} data-testid="logout">
              {S.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          {screen && !can(session.role, screen) ? (
            <Result status="403" title="403" subTitle={S.forbidden} />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
