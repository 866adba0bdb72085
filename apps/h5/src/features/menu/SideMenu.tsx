import { Badge, Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { SoonTag } from '../../components/SoonTag.tsx';
import { maskAccount } from '../../lib/account.ts';
import { Avatar } from '../content/Avatar.tsx';
import { TID } from '../../testids.ts';
import { useUser } from '../session/queries.ts';
import { useChatUnread } from '../chat/queries.ts';
import { useIsBuilt } from '../navigation/builtPages.ts';
import { MENU_ENTRIES } from './entries.ts';
import './menu.css';

/** The menu that slides in from the left of the home page. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const unread = useChatUnread();
  const isBuilt = useIsBuilt();
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };

  return (
    <Popup
      visible={open}
      position="left"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="hx-menu-body"
    >
      <nav className="hx-menu" data-testid={TID.sideMenu}>
        <div className="hx-menu-user">
          <Avatar user={user} large />
          {user ? (
            <div className="hx-menu-user-text">
              <div className="hx-menu-nickname">{user.nickname || maskAccount(user.account)}</div>
              <div className="hx-menu-account">{maskAccount(user.account)}</div>
              <div className="hx-menu-account">{t('menu.uid', { id: user.id })}</div>
            </div>
          ) : (
            <div className="hx-menu-user-text">
              <div className="hx-menu-nickname">{t('menu.visitor')}</div>
              <Button
                size="small"
                color="primary"
                onClick={() => go('/pages/user/login/choose')}
                data-testid={TID.sideMenuLogin}
              >
                {t('menu.loginRegister')}
              </Button>
            </div>
          )}
        </div>
        <ul className="hx-menu-list">
          {MENU_ENTRIES.map(({ key, label, to, Icon }) => {
            const enabled = isBuilt(to);
            return (
              <li key={key}>
                <button
                  type="button"
                  className={enabled ? 'hx-menu-item' : 'hx-menu-item hx-menu-item--soon'}
                  disabled={!enabled}
                  aria-disabled={!enabled}
                  data-testid={TID.menuEntry(key)}
                  onClick={() => go(to)}
                >
                  <Icon className="hx-menu-icon" />
                  <span className="hx-menu-label">{t(label)}</span>
                  {key === 'chat' && unread > 0 && (
                    <Badge content={unread} data-testid={TID.chat.menuBadge} />
                  )}
                  {enabled ? <RightOutline className="hx-menu-arrow" /> : <SoonTag />}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </Popup>
  );
}
