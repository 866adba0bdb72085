import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import type { MarketTrade, SpotPair } from './types.ts';

/** The pair's latest trades, newest first, coloured by the taker's side. */
export const RecentTrades = memo(function RecentTrades({
  pair,
  trades,
}: {
  pair: SpotPair;
  trades: readonly MarketTrade[] | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (trades && trades.length === 0) return <EmptyState text={t('spot.noTrades')} />;
  return (
    <table className="hx-spot-trades">
      <thead>
        <tr>
          <th>{t('spot.time')}</th>
          <th>{t('spot.bookPrice', { coin: pair.quote })}</th>
          <th>{t('spot.bookAmount', { coin: pair.base })}</th>
        </tr>
      </thead>
      <tbody>
        {(trades ?? []).map((trade, i) => (
          <tr key={`${trade.time}-${i}`} data-testid={TID.spot.trade(i)}>
            <td>{formatTime(trade.time, locale, 'time')}</td>
            <td className={trade.side === 'buy' ? 'hx-rise' : 'hx-fall'}>
              {floorFormat(trade.price, pair.price_decimals, locale)}
            </td>
            <td>{floorFormat(trade.amount, pair.amount_decimals, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
