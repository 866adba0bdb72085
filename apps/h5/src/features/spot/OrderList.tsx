import { useState, type ReactNode } from 'react';
import { Button, Dialog, Popup, Tag, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { PagedList } from '../wallet/PagedList.tsx';
import { useDecimalsOf } from '../wallet/queries.ts';
import {
  afterOrderChanged,
  cancelOrder,
  fetchOrders,
  orderDetailQuery,
  ordersKey,
} from './queries.ts';
import type { OrderListKind, SpotOrder, SpotPair } from './types.ts';

const STATUS_COLORS = { waiting: 'primary', completed: 'success', cancelled: 'default' } as const;

/** Formats the numbers of one pair's orders: prices and amounts at the pair's decimals. */
function usePairFormat(pair: SpotPair) {
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  return {
    price: (v: string | null) => (v === null ? '--' : floorFormat(v, pair.price_decimals, locale)),
    amount: (v: string) => floorFormat(v, pair.amount_decimals, locale),
    quote: (v: string) => floorFormat(v, decimalsOf(pair.quote_currency_id), locale),
    fee: (v: string, coin: string) =>
      floorFormat(
        v,
        decimalsOf(coin === pair.base ? pair.base_currency_id : pair.quote_currency_id),
        locale,
      ),
    time: (ms: number) => formatTime(ms, locale),
  };
}

/** Where a stop fires: a buy when the last price rises to it, a sell when it falls to it. */
function triggerText(order: SpotOrder, price: (v: string | null) => string): string {
  return `${order.side === 'buy' ? '≥' : '≤'} ${price(order.stop_price)}`;
}

function OrderRow({
  order,
  pair,
  onCancel,
  onOpen,
}: {
  order: SpotOrder;
  pair: SpotPair;
  onCancel?: (order: SpotOrder) => void;
  onOpen?: (order: SpotOrder) => void;
}) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const marketPriced = order.type === 'market' || order.type === 'stop_market';
  // A stop's trigger price, and under it whether it fired.
  const trigger: [string, ReactNode][] =
    order.stop_price === null
      ? []
      : [
          [
            t('spot.triggerAt'),
            <>
              {triggerText(order, f.price)}
              {order.trigger !== null && (
                <small
                  className={`hx-order-trigger hx-order-trigger--${order.trigger}`}
                  data-testid={TID.spot.orderTrigger(order.id)}
                  data-trigger={order.trigger}
                >
                  {t(`spot.trigger.${order.trigger}`)}
                </small>
              )}
            </>,
          ],
        ];
  const facts: [string, ReactNode][] = [
    ...trigger,
    [t('spot.price'), marketPriced ? t('spot.market') : f.price(order.price)],
    [t('spot.amount'), f.amount(order.amount)],
    [t('spot.filled'), f.amount(order.filled)],
    [t('spot.avgPrice'), f.price(order.avg_price)],
    [t('spot.fee'), `${f.fee(order.fee, order.fee_currency)} ${order.fee_currency}`],
    [t('spot.value'), `${f.quote(order.filled_quote)} ${pair.quote}`],
  ];
  const body = (
    <>
      <div className="hx-record-line">
        <span className="hx-record-title">
          <span className="hx-order-kind">
            <span className={order.side === 'buy' ? 'hx-rise' : 'hx-fall'}>
              {t(`spot.${order.side}`)}
            </span>{' '}
            {t(`spot.${order.type}`)}
          </span>
          {order.oco_id !== null && <small className="hx-order-flag">{t('spot.oco')}</small>}
          {order.time_in_force !== 'gtc' && (
            <small className="hx-order-flag">{t(`spot.tif.${order.time_in_force}`)}</small>
          )}
          {order.post_only && <small className="hx-order-flag">{t('spot.postOnly')}</small>}
          <span className="hx-record-network">{pair.name}</span>
        </span>
        <Tag
          color={STATUS_COLORS[order.status]}
          fill="outline"
          data-testid={TID.spot.orderStatus(order.id)}
          data-status={order.status}
        >
          {t(`spot.status.${order.status}`)}
        </Tag>
      </div>
      <dl className="hx-order-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="hx-record-meta hx-order-time">{f.time(order.created_at)}</p>
      {order.cancel_reason && order.status !== 'waiting' && (
        <p className="hx-record-meta" data-testid={TID.spot.orderReason(order.id)}>
          {t(`spot.reason.${order.cancel_reason}`)}
        </p>
      )}
    </>
  );
  if (onOpen)
    return (
      <button
        type="button"
        className="hx-record hx-record--link"
        onClick={() => onOpen(order)}
        data-testid={TID.spot.order(order.id)}
      >
        {body}
      </button>
    );
  return (
    <div className="hx-record" data-testid={TID.spot.order(order.id)}>
      {body}
      {onCancel && (
        <div className="hx-order-actions">
          <Button
            size="mini"
            fill="outline"
            onClick={() => onCancel(order)}
            data-testid={TID.spot.cancel(order.id)}
          >
            {t('spot.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An order's fills (coin/order), in a bottom sheet. */
function OrderFills({
  order,
  pair,
  onClose,
}: {
  order: SpotOrder | null;
  pair: SpotPair;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const detail = useQuery(orderDetailQuery(order?.id ?? 0));
  const fills = detail.data?.trades ?? [];
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="hx-sheet"
    >
      <h2 className="hx-sheet-title">{t('spot.detail')}</h2>
      <div data-testid={TID.spot.fills}>
        {order && <OrderRow order={detail.data ?? order} pair={pair} />}
        <h3 className="hx-spot-fills-title">{t('spot.fills')}</h3>
        {detail.isPending && <div className="hx-placeholder" aria-busy="true" />}
        {detail.data && fills.length === 0 && <p className="hx-record-meta">{t('spot.noFills')}</p>}
        {fills.length > 0 && (
          <table className="hx-spot-fills">
            <thead>
              <tr>
                <th>{t('spot.time')}</th>
                <th>{t('spot.price')}</th>
                <th>{t('spot.amount')}</th>
                <th>{t('spot.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {fills.map((fill, i) => (
                <tr key={i} data-testid={TID.spot.fill(i)}>
                  <td>
                    {formatTimeShort(f.time(fill.time))}
                    <small>{t(`spot.role.${fill.role}`)}</small>
                  </td>
                  <td>{f.price(fill.price)}</td>
                  <td>
                    {f.amount(fill.amount)}
                    <small>
                      {f.quote(fill.quote)} {pair.quote}
                    </small>
                  </td>
                  <td>
                    {f.fee(fill.fee, detail.data?.fee_currency ?? pair.quote)}{' '}
                    {detail.data?.fee_currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Popup>
  );
}

/** The time part of a date-time ('2026-01-02 12:34:56' → '12:34:56'). */
function formatTimeShort(text: string): string {
  return text.split(/[\s,]+/).at(-1) ?? text;
}

/** The user's open orders (with cancel) or finished orders (tap for the fills) of a pair. */
export function OrderList({ kind, pair }: { kind: OrderListKind; pair: SpotPair }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<SpotOrder | null>(null);
  const f = usePairFormat(pair);

  const cancel = async (order: SpotOrder) => {
    const confirmed = await Dialog.confirm({
      title: t('spot.cancelTitle'),
      content: (
        <>
          {`${t(`spot.${order.side}`)} ${f.amount(order.amount)} ${pair.base} @ ` +
            (order.price === null ? t('spot.market') : `${f.price(order.price)} ${pair.quote}`) +
            (order.trigger === 'pending'
              ? ` · ${t('spot.triggerAt')} ${triggerText(order, f.price)}`
              : '')}
          {/* An OCO's legs go together: cancelling one cancels the other (as the server does). */}
          {order.oco_id !== null && (
            <p className="hx-order-oco-note" data-testid={TID.spot.cancelOcoNote}>
              {t('spot.cancelOcoBoth')}
            </p>
          )}
        </>
      ),
      confirmText: t('spot.cancelConfirm'),
      cancelText: t('spot.keep'),
    });
    if (!confirmed) return;
    try {
      await cancelOrder(order.id);
      Toast.show({ icon: 'success', content: t('spot.cancelled') });
    } catch {
      // The client has shown why.
    } finally {
      void afterOrderChanged(queryClient);
    }
  };

  return (
    <>
      <PagedList<SpotOrder>
        queryKey={ordersKey(kind, pair.symbol)}
        fetchPage={(page, limit) => fetchOrders(kind, pair.symbol, page, limit)}
        empty={t(kind === 'open' ? 'spot.noOrders' : 'spot.noHistory')}
        renderItem={(order) => (
          <OrderRow
            order={order}
            pair={pair}
            onCancel={kind === 'open' ? cancel : undefined}
            onOpen={kind === 'history' ? setOpened : undefined}
          />
        )}
      />
      {kind === 'history' && (
        <OrderFills order={opened} pair={pair} onClose={() => setOpened(null)} />
      )}
    </>
  );
}
