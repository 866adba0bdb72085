import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AlertItem } from '@hx/protocol';
import { useSession } from '../../api/session-store.ts';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { formatDecimal } from '../../lib/number.ts';
import { useQuery } from '@tanstack/react-query';
import { futuresQuotesQuery, spotQuotesQuery } from '../market/queries.ts';
import { useSymbolQuote } from '../market/useSymbolQuote.ts';
import { TID } from '../../testids.ts';
import './alerts.css';
import { useAlerts, useDeleteAlert } from './queries.ts';

/**
 * One alert: what it waits for, the price now, when it was set or fired, and delete. The price
 * now is the one it fires on (the index, live on `indexTicker.<S>`), not a spot pair's trades.
 */
function AlertRow({
  alert,
  name,
  onDelete,
}: {
  alert: AlertItem;
  /** The market's name as the pair picker writes it ("BTC/USDT"). */
  name: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quote = useSymbolQuote(alert.fired_at === null ? alert.symbol : '', 'index');
  const now = quote.data?.price ?? undefined;
  const what =
    alert.condition === 'move'
      ? t('alerts.describe.move', { percent: alert.percent })
      : t(`alerts.describe.${alert.condition}`, { price: alert.price });
  return (
    <div className="hx-record hx-alert-row" data-testid={TID.alerts.item(alert.id)}>
      <div className="hx-alert-row-main">
        <span className="hx-alert-row-what">
          {name} {what}
        </span>
        {alert.fired_at === null && now !== undefined && (
          <span className="hx-alert-row-now" data-testid={TID.alerts.live(alert.id)}>
            {t('alerts.now', { price: formatDecimal(now, locale) })}
          </span>
        )}
        <span className="hx-alert-row-when">
          {alert.fired_at === null
            ? t('alerts.createdAt', { time: formatTime(alert.created_at, locale) })
            : t('alerts.firedAt', {
                price: alert.fired_price,
                time: formatTime(alert.fired_at, locale),
              })}
        </span>
      </div>
      <Button
        size="mini"
        fill="outline"
        onClick={onDelete}
        data-testid={TID.alerts.delete(alert.id)}
      >
        {t('alerts.delete')}
      </Button>
    </div>
  );
}

/** The user's alerts: the waiting ones, then the fired ones; each can be deleted. */
export function AlertList() {
  const { t } = useTranslation();
  const session = useSession();
  const alerts = useAlerts(Boolean(session));
  const remove = useDeleteAlert();
  const spot = useQuery(spotQuotesQuery).data ?? [];
  const futures = useQuery(futuresQuotesQuery).data ?? [];
  const nameOf = (symbol: string) =>
    [...spot, ...futures].find((q) => q.symbol === symbol)?.name ?? symbol;

  const list = alerts.data?.list ?? [];
  const waiting = list.filter((a) => a.fired_at === null);
  const fired = list.filter((a) => a.fired_at !== null);
  const rows = (items: AlertItem[]) =>
    items.map((alert) => (
      <AlertRow
        key={alert.id}
        alert={alert}
        name={nameOf(alert.symbol)}
        onDelete={() =>
          remove.mutate(alert.id, {
            onSuccess: () => Toast.show({ content: t('alerts.deleted') }),
          })
        }
      />
    ));

  return (
    <>
      <h2 className="hx-alert-section">{t('alerts.waiting')}</h2>
      {waiting.length > 0 ? rows(waiting) : <p className="hx-form-hint">{t('alerts.empty')}</p>}
      {fired.length > 0 && (
        <>
          <h2 className="hx-alert-section">{t('alerts.fired')}</h2>
          {rows(fired)}
        </>
      )}
    </>
  );
}
