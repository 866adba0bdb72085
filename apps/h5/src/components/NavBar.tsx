import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { useGoBack } from '../features/navigation/useGoBack.ts';
import { SHELL_TID as TID } from '../testids-shell.ts';

export interface NavBarProps {
  title: ReactNode;
  /** Show the back arrow (default true). */
  back?: boolean;
  onBack?: () => void;
  /** Replaces the back arrow. */
  left?: ReactNode;
  right?: ReactNode;
}

/** The app's own navigation bar: back arrow, centred title, optional actions. */
export function NavBar({ title, back = true, onBack, left, right }: NavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="hx-navbar">
      <div className="hx-navbar-side">
        {left ??
          (back && (
            <button
              type="button"
              className="hx-icon-button"
              aria-label={t('common.back')}
              data-testid={TID.navBack}
              onClick={onBack ?? goBack}
            >
              <LeftOutline />
            </button>
          ))}
      </div>
      <h1 className="hx-navbar-title">{title}</h1>
      <div className="hx-navbar-side hx-navbar-side--right">{right}</div>
    </header>
  );
}
