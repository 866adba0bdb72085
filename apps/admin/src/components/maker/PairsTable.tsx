import { Button, Space, Table, Tag } from 'antd';
import { amount } from '../../format.ts';
import type { MakerPair } from './PairForm.tsx';
import { MS } from './strings.ts';

const STATE_COLORS = {
  quoting: 'green',
  off: 'default',
  stale: 'orange',
  paused: 'red',
  not_owner: 'blue',
} as const;

/** Each pair's maker: state, index, ladder, orders, unhedged, P&L; its settings and fills. */
export function PairsTable({
  pairs,
  loading,
  onEdit,
  onFills,
}: {
  pairs: MakerPair[];
  loading: boolean;
  onEdit: (pair: MakerPair) => void;
  onFills: (symbol: string) => void;
}) {
  return (
    <Table<MakerPair>
      rowKey="symbol"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ x: true }}
      dataSource={pairs}
      data-testid="maker-pairs"
      columns={[
        { title: MS.symbol, dataIndex: 'symbol' },
        {
          title: MS.state,
          key: 'state',
          render: (_: unknown, p: MakerPair) => <State p={p} />,
        },
        { title: MS.index, dataIndex: 'index', render: amount },
        {
          title: MS.ladder,
          key: 'ladder',
          render: (_: unknown, p: MakerPair) =>
            `${p.levels} × ${amount(p.size)} @ ${p.spread_bps} bp`,
        },
        { title: MS.openOrders, dataIndex: 'open_orders' },
        { title: MS.unhedged, dataIndex: 'unhedged', render: amount },
        {
          title: MS.position,
          key: 'pos',
          render: (_: unknown, p: MakerPair) => p.pnl.position,
        },
        {
          title: MS.realised,
          key: 'real',
          render: (_: unknown, p: MakerPair) => p.pnl.realised,
        },
        { title: MS.marked, key: 'mark', render: (_: unknown, p: MakerPair) => p.pnl.marked },
        {
          title: '',
          key: 'actions',
          render: (_: unknown, p: MakerPair) => (
            <Space>
              <Button size="small" onClick={() => onEdit(p)} data-testid={`maker-edit-${p.symbol}`}>
                {MS.edit}
              </Button>
              <Button size="small" onClick={() => onFills(p.symbol)}>
                {MS.fills}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

function State({ p }: { p: MakerPair }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATE_COLORS[p.state]} data-testid={`maker-state-${p.symbol}`}>
        {p.state}
      </Tag>
      {p.bounded.length > 0 && <Tag color="gold">{MS.bounded(p.bounded)}</Tag>}
    </Space>
  );
}
