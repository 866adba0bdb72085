import { useTranslation } from 'react-i18next';
import { PriceChart } from '../chart/PriceChart.tsx';
import { TID } from '../../testids.ts';
import { chartSpan } from './calc.ts';

/**
 * The symbol's index (what options settle on) as a live line over a window that fits the chosen period (`chartSpan`: a 30-second
 * option sees the last 30 minutes, not a day), small: the chart library still loads only here.
 */
export function OptionChart({
  symbol,
  precision,
  seconds,
  testId,
}: {
  symbol: string;
  precision: number;
  seconds: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const span = chartSpan(seconds);
  const hours = span.minutes >= 120 && span.minutes % 60 === 0;
  return (
    <div className="hx-option-chart">
      <PriceChart
        symbol={symbol}
        period={span.period}
        bars={span.bars}
        precision={precision}
        source="index"
        testId={testId}
      />
      <p className="hx-option-chart-span" data-testid={TID.options.chartSpan}>
        {hours
          ? t('options.chart.hours', { count: span.minutes / 60, step: span.step })
          : t('options.chart.minutes', { count: span.minutes, step: span.step })}
      </p>
    </div>
  );
}
