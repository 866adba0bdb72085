import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertBell } from '../../../features/alerts/AlertBell.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { SymbolChart } from '../../../features/chart/SymbolChart.tsx';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { MarketPicker } from '../../../features/market/MarketPicker.tsx';
import { useSymbolParam, useSymbolQuote } from '../../../features/market/useSymbolQuote.ts';
import { recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/market/market.css';

/**
 * A forex pair or future (`?symbol=`, EURUSD when none): its live quote and chart (the kline
 * page's chart). A symbol that does not exist gets the forex and futures list to pick from.
 */
export default function ForexDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useSymbolParam('EURUSD');
  const quote = useSymbolQuote(symbol);
  const name = quote.data?.name ?? symbol;
  if (recordView(symbol, quote) === 'missing')
    return (
      <PageFrame title={t('forex.title')}>
        <MarketPicker
          list="futures"
          onPick={(next) =>
            void navigate(`/pages/foreignExchange/details?symbol=${next}`, { replace: true })
          }
        />
      </PageFrame>
    );
  return (
    <PageFrame
      bodyClassName="hx-chart-page"
      title={
        <span className="hx-kline-title">
          {name}
          <DemoMarketTag />
        </span>
      }
      right={<AlertBell symbol={symbol} />}
    >
      <SymbolChart symbol={symbol} chartTestId={TID.forex.chart} priceTestId={TID.forex.price} />
    </PageFrame>
  );
}
