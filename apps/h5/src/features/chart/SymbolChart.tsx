import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { learnPrecision } from '../../lib/market.ts';
import { useSymbolQuote } from '../market/useSymbolQuote.ts';
import { QuoteHeader } from '../market/QuoteHeader.tsx';
import { estimateOf } from '../market/format.ts';
import { usePricing } from '../pricing/usePricing.ts';
import { CHART_PERIODS, type ChartPeriod } from './chartData.ts';
import { PeriodTabs } from './PeriodTabs.tsx';
import { PriceChart } from './PriceChart.tsx';

const isChartPeriod = (value: string | null): value is ChartPeriod =>
  (CHART_PERIODS as readonly string[]).includes(value ?? '');

/**
 * Quote header, period tabs and chart of one symbol: the kline page and the forex details page.
 * The period lives in the address (`&period=5min`), so reload and back keep it.
 */
export function SymbolChart({
  symbol,
  chartTestId,
  priceTestId,
}: {
  symbol: string;
  chartTestId: string;
  priceTestId: string;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: ChartPeriod = isChartPeriod(asked) ? asked : '1min';
  const quote = useSymbolQuote(symbol);
  const pricing = usePricing();
  const data = quote.data;

  const choose = (next: ChartPeriod) => {
    const copy = new URLSearchParams(params);
    copy.set('period', next);
    setParams(copy, { replace: true });
  };

  if (quote.isError && !data) return <EmptyState text={t('kline.unknownSymbol')} />;
  const precision =
    quote.isPlaceholderData || !data
      ? null
      : typeof data.price_precision === 'number'
        ? data.price_precision
        : learnPrecision(symbol, data.price, data.high, data.low);

  return (
    <>
      <QuoteHeader
        quote={data}
        estimate={data ? estimateOf(data, pricing) : undefined}
        priceTestId={priceTestId}
      />
      <PeriodTabs value={period} onChange={choose} />
      {precision === null ? (
        <div className="hx-chart-pending">
          <span className="hx-spinner" />
        </div>
      ) : (
        <PriceChart symbol={symbol} period={period} precision={precision} testId={chartTestId} />
      )}
    </>
  );
}
