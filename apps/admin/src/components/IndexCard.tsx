import { Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** The card's words (the console is English). */
const T = {
  title: 'Index sources',
  price: 'Index',
  used: 'used',
  leftOut: 'left out',
  stale: 'stale',
  states: {
    open: 'connected',
    connecting: 'connecting',
    closed: 'disconnected',
    simulated: 'simulated',
  },
  rules: (staleS: number, deviation: string, min: number) =>
    `Fresh: a price within ${staleS} s. Left out: more than ${Number(deviation) * 100}% from ` +
    `the others. Stale: fewer than ${min} used.`,
};

type Overview = Result<'operatorIndex'>;
type Quote = Overview['symbols'][number];

const STATE_COLOR = { open: 'green', connecting: 'gold', closed: 'red', simulated: 'blue' };

/** One venue's price in a pair's index: used, or left out (stale or too far from the others). */
function SourceCell({ source }: { source: Quote['sources'][number] | undefined }) {
  if (!source?.price) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={source.time === null ? undefined : time(source.time)}>
      <Space size={4}>
        <span>{source.price}</span>
        <Tag color={source.used ? 'green' : 'red'}>{source.used ? T.used : T.leftOut}</Tag>
      </Space>
    </Tooltip>
  );
}

/** The index's venues (admin): each one's connection, and every spot pair's index by venue. */
export function IndexCard() {
  const { data } = useQuery({
    queryKey: adminKeys.index,
    queryFn: () => call.operatorIndex(),
    refetchInterval: 5_000,
    retry: false,
  });
  if (!data) return <Card title={T.title} loading />;
  const venueColumns = data.venues.map((v) => ({
    title: v.venue,
    key: v.venue,
    render: (_: unknown, q: Quote) => (
      <SourceCell source={q.sources.find((s) => s.venue === v.venue)} />
    ),
  }));
  const columns = [
    { title: S.dashboard.pair, dataIndex: 'symbol' },
    {
      title: T.price,
      key: 'price',
      render: (_: unknown, q: Quote) =>
        q.stale ? <Tag color="red">{T.stale}</Tag> : (q.price ?? '—'),
    },
    ...venueColumns,
  ];
  return (
    <Card title={`${T.title}: ${data.source}`} data-testid="index-card">
      <Space wrap style={{ marginBottom: 12 }}>
        {data.venues.map((v) => (
          <Tag key={v.venue} color={STATE_COLOR[v.state]} data-testid={`venue-${v.venue}`}>
            {v.venue}: {T.states[v.state]}
            {v.since !== null && ` · ${time(v.since)}`}
          </Tag>
        ))}
      </Space>
      <Typography.Paragraph type="secondary">
        {T.rules(data.stale_after_s, data.max_deviation, data.min_sources)}
      </Typography.Paragraph>
      <Table
        scroll={{ x: true }}
        rowKey="symbol"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={data.symbols}
      />
    </Card>
  );
}
