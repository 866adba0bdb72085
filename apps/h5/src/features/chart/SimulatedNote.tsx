import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';

/** Says that the chart's history before a time is the simulated walk, not the book's trades. */
export function SimulatedNote({ until }: { until: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p className="hx-chart-simulated" data-testid={TID.kline.simulated}>
      {t('kline.simulatedBefore', { date: formatTime(until, locale) })}
    </p>
  );
}
