import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { amount, time } from '../format.ts';
import { adminKeys } from '../queryKeys.ts';
import { BS } from '../components/bots/strings.ts';

type Overview = Result<'operatorBots'>;
type Bot = Overview['list'][number];
type Pair = Overview['pairs'][number];
type Status = 'running' | 'stopped';

/** Users' bots: each pair's running count with its pause switch, and the bots themselves. */
export default function BotsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [symbol, setSymbol] = useState<string | undefined>();
  const [status, setStatus] = useState<Status | undefined>();
  const overview = useQuery({
    queryKey: adminKeys.botsOf({ symbol, status }),
    queryFn: () => call.operatorBots({ symbol, status }),
    refetchInterval: 10_000,
  });
  const pause = useMutation({
    mutationFn: (pair: Pair) =>
      call.operatorBotsPause({ symbol: pair.symbol, paused: !pair.paused }),
    onSuccess: (pair) => {
      void message.success(pair.paused ? BS.pausedDone(pair.symbol) : BS.resumedDone(pair.symbol));
      void queryClient.invalidateQueries({ queryKey: adminKeys.bots });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const pairs = overview.data?.pairs ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={BS.title}>
        <Alert type="info" showIcon title={BS.intro} />
      </Card>
      <Card title={BS.pairs}>
        <Table<Pair>
          rowKey="symbol"
          size="small"
          pagination={false}
          loading={overview.isLoading}
          dataSource={pairs}
          data-testid="bots-pairs"
          columns={[
            { title: BS.symbol, dataIndex: 'symbol' },
            { title: BS.running, dataIndex: 'running' },
            {
              title: BS.state,
              render: (_, p) =>
                p.paused ? (
                  <Tag color="orange">{BS.paused(time(p.paused_at))}</Tag>
                ) : (
                  <Tag color="green">{BS.active}</Tag>
                ),
            },
            {
              title: '',
              render: (_, p) => (
                <Popconfirm
                  title={p.paused ? BS.resumeConfirm(p.symbol) : BS.pauseConfirm(p.symbol)}
                  onConfirm={() => pause.mutate(p)}
                >
                  <Button size="small" danger={!p.paused} data-testid={`bots-pause-${p.symbol}`}>
                    {p.paused ? BS.resume : BS.pause}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={BS.list}
        extra={
          <Space wrap>
            <Select
              allowClear
              placeholder={BS.allPairs}
              style={{ minWidth: 140 }}
              value={symbol}
              onChange={setSymbol}
              options={pairs.map((p) => ({ value: p.symbol, label: p.symbol }))}
              data-testid="bots-filter-symbol"
            />
            <Select
              allowClear
              placeholder={BS.allStates}
              style={{ minWidth: 160 }}
              value={status}
              onChange={setStatus}
              options={(['running', 'stopped'] as const).map((s) => ({ value: s, label: s }))}
            />
          </Space>
        }
      >
        <Table<Bot>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          loading={overview.isLoading}
          dataSource={overview.data?.list ?? []}
          data-testid="bots-list"
          columns={[
            { title: BS.id, dataIndex: 'id' },
            { title: BS.user, dataIndex: 'user_id' },
            { title: BS.symbol, dataIndex: 'symbol' },
            {
              title: BS.status,
              dataIndex: 'status',
              render: (s: Status) => <Tag color={s === 'running' ? 'blue' : 'default'}>{s}</Tag>,
            },
            {
              title: BS.plan,
              render: (_, b) => `${amount(b.amount)} / ${BS.every[b.every] ?? b.every}`,
            },
            { title: BS.maxPrice, dataIndex: 'max_price', render: amount },
            { title: BS.runs, render: (_, b) => `${b.runs} (${b.bought})` },
            { title: BS.spent, dataIndex: 'spent', render: amount },
            { title: BS.lastRun, dataIndex: 'last_run_at', render: time },
            { title: BS.nextRun, dataIndex: 'next_run_at', render: time },
            { title: BS.created, dataIndex: 'created_at', render: time },
          ]}
        />
      </Card>
    </Space>
  );
}
