import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FinanceOrder } from '@hx/protocol';
import { Decimal } from '@hx/money';
import { call } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { afterMoneyMoved, useDecimalsOf } from '../wallet/queries.ts';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import { percent, productName } from './format.ts';
import './finance.css';

const TAG = { custody: 'primary', completed: 'success', redeemed: 'warning' } as const;

/** One custody order; in custody it offers early redemption, with the penalty shown first. */
export function OrderCard({ order }: { order: FinanceOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const decimals = useDecimalsOf()(order.currency_id);
  const coin = order.currency_name;
  const money = (value: string | null) =>
    value === null ? '--' : `${floorFormat(value, decimals, locale)} ${coin}`;
  const field = (name: string) => TID.finance.orderField(order.id, name);

  const rows: { label: string; value: string; name: string }[] = [
    { label: t('finance.order.amount'), value: money(order.amount), name: 'amount' },
    { label: t('finance.dailyRate'), value: percent(order.daily_rate, locale), name: 'rate' },
    { label: t('finance.order.dailyIncome'), value: money(order.daily_income), name: 'daily' },
    { label: t('finance.order.earned'), value: money(order.earned), name: 'earned' },
    order.status === 'custody'
      ? {
          label: t('finance.order.daysLeft'),
          value: t('finance.daysValue', { days: order.days_left }),
          name: 'days-left',
        }
      : { label: t('finance.order.returned'), value: money(order.returned), name: 'returned' },
    order.status === 'redeemed'
      ? { label: t('finance.order.penalty'), value: money(order.penalty), name: 'penalty' }
      : {
          label: t('finance.cycle'),
          value: t('finance.daysValue', { days: order.days }),
          name: 'days',
        },
    {
      label: t('finance.order.purchased'),
      value: formatTime(order.created_at, locale),
      name: 'created',
    },
    {
      label: order.status === 'custody' ? t('finance.order.completes') : t('finance.order.closed'),
      value: formatTime(order.closed_at ?? order.end_at, locale),
      name: 'end',
    },
  ];

  const redeem = async () => {
    const confirmed = await Dialog.confirm({
      title: t('finance.redeemTitle'),
      content: (
        <div data-testid={TID.finance.redeemPenalty}>
          {t('finance.redeemBody', {
            days: order.days_left,
            penalty: money(order.penalty_if_redeemed),
            returned: money(new Decimal(order.amount).minus(order.penalty_if_redeemed).toFixed()),
          })}
        </div>
      ),
      confirmText: t('finance.redeemConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const body = { id: order.id };
    try {
      const result = await call.financeRedeem(body, {
        idempotencyKey: idempotency.keyFor(body),
      });
      idempotency.done();
      Toast.show({
        icon: 'success',
        content: t('finance.redeemDone', { returned: money(result.returned) }),
      });
    } finally {
      await afterMoneyMoved(queryClient);
    }
  };

  return (
    <article className="hx-fin-order" data-testid={TID.finance.order(order.id)}>
      <div className="hx-fin-order-head">
        <span>{productName(t, { currency_name: coin, days: order.days })}</span>
        <Tag color={TAG[order.status]} fill="outline" data-status={order.status}>
          {t(`finance.tabs.${order.status}`)}
        </Tag>
      </div>
      <div className="hx-fin-order-grid">
        {rows.map((row) => (
          <div key={row.name}>
            <div className="hx-fin-caption">{row.label}</div>
            <div className="hx-fin-value" data-testid={field(row.name)}>
              {row.value}
            </div>
          </div>
        ))}
      </div>
      {order.status === 'custody' && (
        <div className="hx-fin-order-foot">
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => void redeem().catch(() => {})}
            data-testid={TID.finance.redeem(order.id)}
          >
            {t('finance.redeem')}
          </Button>
        </div>
      )}
    </article>
  );
}
