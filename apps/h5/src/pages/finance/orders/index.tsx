import { Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FINANCE_ORDER_STATES, type FinanceOrderState } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { OrderCard } from '../../../features/finance/OrderCard.tsx';
import { fetchOrders } from '../../../features/finance/queries.ts';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/finance/finance.css';

const isState = (v: string | null): v is FinanceOrderState =>
  (FINANCE_ORDER_STATES as readonly string[]).includes(v ?? '');

/** The user's custody orders: hosting, completed, redeemed. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: FinanceOrderState = isState(asked) ? asked : 'custody';
  return (
    <PageFrame title={t('finance.ordersTitle')}>
      <Tabs
        className="hx-fin-tabs"
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
      >
        {FINANCE_ORDER_STATES.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={TID.finance.tab(key)}>{t(`finance.tabs.${key}`)}</span>}
          />
        ))}
      </Tabs>
      <Refreshable
        onRefresh={() =>
          queryClient.invalidateQueries({ queryKey: queryKeys.financeOrders(status) })
        }
      >
        <PagedList
          key={status}
          queryKey={queryKeys.financeOrders(status)}
          fetchPage={(page, limit) => fetchOrders(status, page, limit)}
          renderItem={(order) => <OrderCard order={order} />}
          empty={t('finance.orderEmpty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
