import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { CHART_PERIODS, type ChartPeriod } from './chartData.ts';
import './chart.css';

/** The chart's period tabs: time-share, 1m, 5m, 30m, 1h, 1D, 1W, 1M. */
export function PeriodTabs({
  value,
  onChange,
}: {
  value: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hx-periods" role="tablist">
      {CHART_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          role="tab"
          aria-selected={period === value}
          className={period === value ? 'hx-period hx-period--active' : 'hx-period'}
          onClick={() => onChange(period)}
          data-testid={TID.kline.period(period)}
        >
          {t(`kline.periods.${period}`)}
        </button>
      ))}
    </div>
  );
}
