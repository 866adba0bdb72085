import { PriceChart } from '../chart/PriceChart.tsx';

/** The symbol's live time-share line, small: the chart library still loads only here. */
export function OptionChart({
  symbol,
  precision,
  testId,
}: {
  symbol: string;
  precision: number;
  testId?: string;
}) {
  return (
    <div className="hx-option-chart">
      <PriceChart symbol={symbol} period="timeShare" precision={precision} testId={testId} />
    </div>
  );
}
