import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LeverPosition } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import { amountText, entryBasis, percentText, priceText, trailingText } from './calc.ts';
import { ProfitLine, RiskMeter } from './PositionParts.tsx';

interface Props {
  position: LeverPosition;
  precision: number;
  onClose?: (p: LeverPosition) => void;
  onStops?: (p: LeverPosition) => void;
  onCancel?: (p: LeverPosition) => void;
}

/**
 * One position: what it was opened at, its P&L with ROE (P&L ÷ margin), and the prices and times
 * used. Holding: the unrealised P&L, what it is after the opening fee, and the margin ratio as a
 * risk meter (100% = liquidation). Closed: the realised P&L after the fee (closing is free).
 */
export function PositionCard({ position: p, precision, onClose, onStops, onCancel }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = (v: string | null) => priceText(v, precision, locale);
  const holding = p.status === 'holding';
  // The entry and the recorded price it cites differ by the spread: say by how much.
  const basis = entryBasis(p, precision);
  const rows: [string, string][] = [
    [t('lever.openPrice'), p.open_price === null ? '--' : price(p.open_price)],
    [
      holding ? t('lever.markPrice') : t('lever.closePrice'),
      price(holding ? p.mark_price : p.close_price),
    ],
    [t('lever.lots'), String(p.lots)],
    [t('lever.margin'), amountText(p.margin, locale)],
    [t('lever.openingFee'), amountText(p.fee, locale)],
    [t('lever.stopProfit'), price(p.stop_profit)],
    [t('lever.stopLoss'), price(p.stop_loss)],
    [t('lever.liquidation'), price(p.liquidation_price)],
  ];
  if (p.status === 'waiting') rows.unshift([t('lever.limitPrice'), price(p.limit_price)]);
  return (
    <article className="hx-lever-card" data-testid={TID.lever.position(p.id)}>
      <header>
        {/* White text: on the fill colours, not antd's success and danger (text colours). */}
        <Tag color={p.side === 'long' ? 'var(--hx-rise-fill)' : 'var(--hx-fall-fill)'}>
          {t(`lever.${p.side}`)}
        </Tag>
        <strong>{p.symbol}</strong>
        <span className="hx-lever-muted">{t('lever.times', { multiple: p.multiple })}</span>
        <Tag color="default" fill="outline">
          {p.status === 'closed' && p.close_reason
            ? t(`lever.reason.${p.close_reason}`)
            : t(`lever.status.${p.status}`)}
        </Tag>
      </header>
      {p.status !== 'waiting' && p.status !== 'cancelled' && <ProfitLine position={p} />}
      {holding && <RiskMeter position={p} />}
      <dl className="hx-lever-grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {p.trailing_distance !== null && (
          // Full width: the distance and where the stop stands now.
          <div className="hx-lever-grid-wide" data-testid={TID.lever.trailing(p.id)}>
            <dt>{t('lever.trailingStop')}</dt>
            <dd>
              {trailingText(p.trailing_distance, p.trailing_unit, precision, locale)}
              {p.trailing_stop !== null && ` → ${price(p.trailing_stop)}`}
            </dd>
          </div>
        )}
      </dl>
      <p className="hx-lever-muted hx-lever-times">
        {p.open_time !== null && basis && (
          <span data-testid={TID.lever.entryBasis(p.id)}>
            {t(p.type === 'market' ? 'lever.entryMarket' : 'lever.entryLimit', {
              entry: price(p.open_price),
              price: price(p.open_tick_price),
              sign: basis.sign,
              rate: percentText(p.spread, locale),
              amount: price(basis.amount),
              quote: price(basis.quote),
              time: formatTime(p.open_time, locale),
            })}
          </span>
        )}
        {p.close_time !== null && (
          <>
            <br />
            {t('lever.closedAt', {
              price: price(p.close_price),
              time: formatTime(p.close_time, locale),
            })}
          </>
        )}
      </p>
      {(onClose || onStops || onCancel) && (
        <footer>
          {onStops && (
            <Button size="small" onClick={() => onStops(p)} data-testid={TID.lever.stops(p.id)}>
              {t('lever.setStops')}
            </Button>
          )}
          {onCancel && (
            <Button
              size="small"
              color="warning"
              fill="outline"
              onClick={() => onCancel(p)}
              data-testid={TID.lever.cancel(p.id)}
            >
              {t('lever.cancel')}
            </Button>
          )}
          {onClose && (
            <Button
              size="small"
              color="primary"
              onClick={() => onClose(p)}
              data-testid={TID.lever.close(p.id)}
            >
              {t('lever.close')}
            </Button>
          )}
        </footer>
      )}
    </article>
  );
}
