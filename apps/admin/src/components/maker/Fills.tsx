import { Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../../api/call.ts';
import { amount, time } from '../../format.ts';
import { adminKeys } from '../../queryKeys.ts';
import { MS } from './strings.ts';

type Fill = Result<'operatorMakerFills'>['fills'][number];
type Hedge = Result<'operatorMakerFills'>['hedges'][number];

const HEDGE_COLORS = { done: 'green', pending: 'blue', failed: 'red' } as const;

/** A pair's latest fills, and beside them the hedges of those fills. */
export function Fills({ symbol }: { symbol: string }) {
  const found = useQuery({
    queryKey: adminKeys.makerFills(symbol),
    queryFn: () => call.operatorMakerFills({ symbol }),
    refetchInterval: 5000,
  });
  const hedgeOf = new Map((found.data?.hedges ?? []).map((h) => [h.trade_id, h]));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<Fill>
        rowKey="trade_id"
        size="small"
        loading={found.isLoading}
        dataSource={found.data?.fills ?? []}
        pagination={false}
        data-testid="maker-fills"
        columns={[
          { title: MS.trade, dataIndex: 'trade_id' },
          { title: MS.side, dataIndex: 'side' },
          { title: MS.price, dataIndex: 'price', render: amount },
          { title: MS.amount, dataIndex: 'amount', render: amount },
          { title: MS.time, dataIndex: 'time', render: time },
          {
            title: MS.hedges,
            key: 'hedge',
            render: (_: unknown, f: Fill) => <HedgeCell hedge={hedgeOf.get(f.trade_id)} />,
          },
        ]}
      />
    </Space>
  );
}

function HedgeCell({ hedge }: { hedge: Hedge | undefined }) {
  if (!hedge) return <>—</>;
  return (
    <Space direction="vertical" size={0}>
      <span>
        <Tag color={HEDGE_COLORS[hedge.status]}>{hedge.status}</Tag>
        {hedge.side} {amount(hedge.amount)}
        {hedge.price && ` @ ${amount(hedge.price)}`}
      </span>
      {hedge.venue_order_id && (
        <Typography.Text type="secondary">
          {MS.venueOrder} {hedge.venue}#{hedge.venue_order_id}
        </Typography.Text>
      )}
      {hedge.error && <Typography.Text type="danger">{hedge.error}</Typography.Text>}
    </Space>
  );
}
