import { Alert, Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ChainNetworkStatus } from '@hx/protocol';
import { call } from '../api/call.ts';
import { amount, time } from '../format.ts';
import { DETAIL_COLUMNS } from '../layout.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type InFlight = ChainNetworkStatus['deposits']['list'][number];

/** A transaction hash, linked to the network's explorer when it has one. */
const TxLink = ({ row }: { row: InFlight }) => {
  if (!row.tx_hash) return <>—</>;
  const short = `${row.tx_hash.slice(0, 10)}…${row.tx_hash.slice(-6)}`;
  return row.explorer_url ? (
    <a href={row.explorer_url} target="_blank" rel="noopener noreferrer">
      <code>{short}</code>
    </a>
  ) : (
    <code title={row.tx_hash}>{short}</code>
  );
};

const columns = [
  { title: '#', dataIndex: 'id', width: 70 },
  { title: S.common.user, dataIndex: 'user_id', render: (id: number) => `#${id}` },
  {
    title: S.common.amount,
    key: 'amount',
    render: (_: unknown, r: InFlight) => `${amount(r.amount)} ${r.coin}`,
  },
  { title: S.chain.state, dataIndex: 'state', render: (s: string) => <Tag>{s}</Tag> },
  {
    title: S.chain.confirmationsShort,
    dataIndex: 'confirmations',
    render: (n: number | null) => n ?? '—',
  },
  { title: S.chain.tx, key: 'tx', render: (_: unknown, r: InFlight) => <TxLink row={r} /> },
  { title: S.common.time, dataIndex: 'created_at', render: time },
];

function NetworkCard({ n }: { n: ChainNetworkStatus }) {
  const w = n.watcher;
  return (
    <Card title={networkTitle(n.network)} data-testid={`chain-${n.network}`}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {w.error && (
          <Alert type="error" showIcon message={S.chain.nodeError} description={w.error} />
        )}
        {w.lag !== null && w.lag > n.confirmations && (
          <Alert type="warning" showIcon message={S.chain.lagging} />
        )}
        <Descriptions size="small" column={DETAIL_COLUMNS} bordered>
          <Descriptions.Item label={S.chain.height}>{w.height ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={S.chain.head}>{w.head ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={S.chain.lag}>
            <span data-testid={`chain-lag-${n.network}`}>{w.lag ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={S.chain.confirmations}>{n.confirmations}</Descriptions.Item>
          <Descriptions.Item label={S.chain.updated} span="filled">
            {time(w.updated_at)}
          </Descriptions.Item>
        </Descriptions>
        {n.hot_wallet ? (
          <Descriptions size="small" column={1} bordered title={S.chain.hotWallet}>
            <Descriptions.Item label={S.common.address}>
              <code>{n.hot_wallet.address}</code>
            </Descriptions.Item>
            {n.hot_wallet.balances.map((b) => (
              <Descriptions.Item key={b.coin} label={b.coin}>
                <Space wrap>
                  <b>{b.amount === null ? '—' : amount(b.amount)}</b>
                  {b.low !== null && (
                    <Typography.Text type="secondary">
                      {S.chain.lowLevel} {amount(b.low)}
                    </Typography.Text>
                  )}
                  {b.warning && (
                    <Tag color="red" data-testid={`chain-low-${n.network}-${b.coin}`}>
                      {S.chain.low(b.coin)}
                    </Tag>
                  )}
                </Space>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Alert type="info" message={S.chain.manual} />
        )}
        <Table<InFlight>
          scroll={{ x: true }}
          size="small"
          rowKey="id"
          title={() => <b>{S.chain.deposits(n.deposits.count)}</b>}
          columns={columns}
          dataSource={n.deposits.list}
          pagination={false}
        />
        <Table<InFlight>
          scroll={{ x: true }}
          size="small"
          rowKey="id"
          title={() => <b>{S.chain.withdrawals(n.withdrawals.count)}</b>}
          columns={columns}
          dataSource={n.withdrawals.list}
          pagination={false}
        />
      </Space>
    </Card>
  );
}

/** Bitcoin's own chain keeps the platform's name OMNI; operators see it as exchanges say it. */
const networkTitle = (network: string) => (network === 'OMNI' ? 'Bitcoin (BTC) · OMNI' : network);

/** Per watched network: how far the watcher is, the hot wallet, and what is on its way. */
export default function ChainPage() {
  const { data, isLoading } = useQuery({
    queryKey: adminKeys.chain,
    queryFn: () => call.operatorChain(),
    refetchInterval: 10_000,
  });
  if (isLoading || !data) return <Card loading />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{S.chain.intro}</Typography.Paragraph>
      {data.networks.length === 0 ? (
        <Empty description={S.chain.none} />
      ) : (
        data.networks.map((n) => <NetworkCard key={n.network} n={n} />)
      )}
    </Space>
  );
}
