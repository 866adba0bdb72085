import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TID } from '../../testids.ts';
import './derivatives.css';

export type Derivative = 'perpetual' | 'options';

const PATHS: Record<Derivative, string> = {
  perpetual: '/pages/lever/index',
  options: '/pages/option/detail2',
};

/**
 * Tab 2's switch, in the navigation bar of both its pages: perpetual contracts or timed options,
 * the current one selected. Switching replaces the entry, as the tab bar does (back leaves the
 * tab instead of toggling), and keeps the symbol; each page falls back from one it does not offer.
 */
export function DerivativesSwitch({ current }: { current: Derivative }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = params.get('symbol');
  const search = symbol ? `?symbol=${encodeURIComponent(symbol)}` : '';
  return (
    <span className="hx-derivatives" role="group" aria-label={t('derivatives.switch')}>
      {(['perpetual', 'options'] as const).map((key) => (
        <Link
          key={key}
          to={PATHS[key] + search}
          replace
          aria-current={key === current ? 'page' : undefined}
          className={
            key === current
              ? 'hx-derivatives-item hx-derivatives-item--active'
              : 'hx-derivatives-item'
          }
          data-testid={TID.derivatives[key]}
          data-label={t(`derivatives.${key}`)}
        >
          {t(`derivatives.${key}`)}
        </Link>
      ))}
    </span>
  );
}
