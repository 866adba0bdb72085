import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { RecurringForm } from '../../../features/bots/RecurringForm.tsx';
import { symbolParam } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/bots/bots.css';

/**
 * A new recurring buy (`?symbol=` presets the pair, BTCUSDT when none, as the trade page opens
 * it); once started, the list of bots shows it.
 */
export default function RecurringBuyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const symbol = symbolParam(params.get('symbol')) ?? 'BTCUSDT';
  return (
    <PageFrame title={t('bots.form.title')}>
      {/* Keyed: a link to another pair (the page stays mounted) starts a fresh form. */}
      <RecurringForm
        key={symbol}
        initialSymbol={symbol}
        onDone={() => void navigate('/pages/bots/index', { replace: true })}
      />
    </PageFrame>
  );
}
