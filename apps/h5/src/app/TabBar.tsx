import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../api/session-store.ts';
import { SHELL_TID as TID } from '../testids-shell.ts';
import type { TabKey } from './routes.ts';
import { SIGNED_IN_PATHS, TABS } from './tabs.ts';

/** The bottom tab bar. Switching tabs replaces the entry, as a native tab bar does. */
export function TabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  return (
    <nav className="hx-tabbar">
      {TABS.map(({ key, path, label, Icon }) => (
        <button
          key={key}
          type="button"
          className={key === active ? 'hx-tabbar-item hx-tabbar-item--active' : 'hx-tabbar-item'}
          aria-current={key === active ? 'page' : undefined}
          data-testid={TID.tab[key]}
          onClick={() =>
            key !== active &&
            navigate((signedIn && SIGNED_IN_PATHS[key]) || path, { replace: true })
          }
        >
          <Icon className="hx-tabbar-icon" />
          <span>{t(label)}</span>
        </button>
      ))}
    </nav>
  );
}
