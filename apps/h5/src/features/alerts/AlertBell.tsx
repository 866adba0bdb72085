import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { TID } from '../../testids.ts';
import './alerts.css';

/** The header action that opens the price alerts, with the page's symbol preset (if any). */
export function AlertBell({ symbol }: { symbol?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-icon-button hx-alert-bell"
      aria-label={t('alerts.open')}
      onClick={() => navigate(`/pages/alerts/index${symbol ? `?symbol=${symbol}` : ''}`)}
      data-testid={TID.alerts.open}
    >
      <BellOutline />
      <span className="hx-alert-bell-plus" aria-hidden="true">
        +
      </span>
    </button>
  );
}
