import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { AlertForm } from '../../../features/alerts/AlertForm.tsx';
import { AlertList } from '../../../features/alerts/AlertList.tsx';
import { symbolParam } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/alerts/alerts.css';

/**
 * Price alerts (`?symbol=` presets the new one): above or below a price, or a 24 h move in
 * percent, each fired once on a recorded price and delivered as a notification.
 */
export default function AlertsPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <PageFrame title={t('alerts.title')}>
      <div className="hx-form">
        <AlertForm initialSymbol={symbolParam(params.get('symbol')) ?? 'BTCUSDT'} />
        <AlertList />
      </div>
    </PageFrame>
  );
}
