import { PageFrame } from '../../../components/PageFrame.tsx';
import { SymbolChart } from '../../../features/chart/SymbolChart.tsx';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { useSymbolParam, useSymbolQuote } from '../../../features/market/useSymbolQuote.ts';
import { TID } from '../../../testids.ts';
import '../../../features/market/market.css';

/** A forex pair or future: its live quote and chart (the kline page's chart). */
export default function ForexDetailsPage() {
  const symbol = useSymbolParam('EURUSD');
  const name = useSymbolQuote(symbol).data?.name ?? symbol;
  return (
    <PageFrame
      bodyClassName="hx-chart-page"
      title={
        <span className="hx-kline-title">
          {name}
          <DemoMarketTag />
        </span>
      }
    >
      <SymbolChart symbol={symbol} chartTestId={TID.forex.chart} priceTestId={TID.forex.price} />
    </PageFrame>
  );
}
