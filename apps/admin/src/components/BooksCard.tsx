import { Card, Table, Tooltip, Typography } from 'antd';
import type { Result } from '../api/call.ts';
import { S } from '../strings.ts';

type Process = Result<'operatorDashboard'>['processes'][number];

/**
 * Each spot book, the process writing it and the engine's state hash: after a failover the new
 * owner, which loads the open orders, shows the hash the last owner showed.
 */
export function BooksCard({ processes }: { processes: Process[] }) {
  const rows = processes
    .flatMap((p) => p.books.map((book) => ({ ...book, process: p.process })))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
  const columns = [
    { title: S.dashboard.pair, dataIndex: 'symbol' },
    {
      title: S.dashboard.writtenBy,
      dataIndex: 'process',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
      // A phone keeps the pair, its orders and the whole hash; the processes card names them.
      responsive: ['sm' as const],
    },
    { title: S.dashboard.resting, dataIndex: 'orders', align: 'right' as const },
    {
      title: <Tooltip title={S.dashboard.stateHashHint}>{S.dashboard.stateHash}</Tooltip>,
      dataIndex: 'hash',
      render: (hash: string) => (
        <Typography.Text code copyable data-testid="book-hash" style={{ whiteSpace: 'nowrap' }}>
          {hash}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Card title={`${S.dashboard.books} (${rows.length})`} data-testid="books-card">
      <Table
        scroll={{ x: true }}
        rowKey="symbol"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
      />
    </Card>
  );
}
