import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LeverPosition } from '@hx/contracts';
import { TID } from '../../testids.ts';
import { priceText, signed } from './calc.ts';

interface Props {
  position: LeverPosition;
  precision: number;
  onClose?: (p: LeverPosition) => void;
  onStops?: (p: LeverPosition) => void;
  onCancel?: (p: LeverPosition) => void;
}

const time = (ms: number | null) => (ms === null ? '--' : new Date(ms).toLocaleString());

/** One position: what it was opened at, its live or settled P&L, and the prices and times used. */
export function PositionCard({ position: p, precision, onClose, onStops, onCancel }: Props) {
  const { t } = useTranslation();
  const profit = p.profit === null ? null : Number(p.profit);
  const tone =
    profit === null || profit === 0 ? '' : profit > 0 ? ' hx-lever-up' : ' hx-lever-down';
  const rows: [string, string][] = [
    [t('lever.openPrice'), p.open_price === null ? '--' : priceText(p.open_price, precision)],
    [
      p.status === 'holding' ? t('lever.markPrice') : t('lever.closePrice'),
      priceText(p.status === 'holding' ? p.mark_price : p.close_price, precision),
    ],
    [t('lever.lots'), String(p.lots)],
    [t('lever.margin'), p.margin],
    [t('lever.fee'), p.fee],
    [t('lever.stopProfit'), priceText(p.stop_profit, precision)],
    [t('lever.stopLoss'), priceText(p.stop_loss, precision)],
    [t('lever.liquidation'), priceText(p.liquidation_price, precision)],
  ];
  if (p.status === 'waiting')
    rows.unshift([t('lever.limitPrice'), priceText(p.limit_price, precision)]);
  if (p.status === 'holding')
    rows.push([t('lever.marginRatio'), p.margin_ratio === null ? '--' : `${p.margin_ratio}%`]);
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
      {p.status !== 'waiting' && p.status !== 'cancelled' && (
        <div className={`hx-lever-profit${tone}`} data-testid={TID.lever.profit(p.id)}>
          <span>{p.status === 'holding' ? t('lever.unrealised') : t('lever.realised')}</span>
          <b>{signed(p.profit)}</b>
        </div>
      )}
      <dl className="hx-lever-grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="hx-lever-muted hx-lever-times">
        {p.open_time !== null &&
          t('lever.openedAt', {
            price: priceText(p.open_tick_price, precision),
            time: time(p.open_time),
          })}
        {p.close_time !== null && (
          <>
            <br />
            {t('lever.closedAt', {
              price: priceText(p.close_price, precision),
              time: time(p.close_time),
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
