import { useState } from 'react';
import { Alert, Card, Input, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Item = Result<'operatorOutbox'>['list'][number];

/** The codes "sent" in demo mode (no mail or SMS leaves a demo server). */
export default function OutboxPage() {
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminKeys.outbox(to, page),
    queryFn: () => call.operatorOutbox({ to, page, limit: 30 }),
    refetchInterval: 5_000,
  });
  if (query.error) return <Alert type="info" title={S.outbox.demoOnly} showIcon />;
  return (
    <Card>
      <Input.Search
        placeholder={S.outbox.to}
        allowClear
        onSearch={(v) => {
          setTo(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 400, marginBottom: 16 }}
      />
      <Table<Item>
        scroll={{ x: true }}
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 30,
          total: query.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: S.common.time, dataIndex: 'at', render: time },
          { title: S.outbox.channel, dataIndex: 'channel' },
          { title: S.outbox.to, dataIndex: 'to' },
          { title: S.outbox.scene, dataIndex: 'scene' },
          {
            title: S.outbox.code,
            dataIndex: 'code',
            render: (c: string) => <b style={{ fontSize: 16, letterSpacing: 2 }}>{c}</b>,
          },
        ]}
      />
    </Card>
  );
}
