import { useState } from 'react';
import { Card, DatePicker, Form, Grid, Input, InputNumber, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';
import { AuditChain } from '../components/AuditChain.tsx';

type Item = Result<'operatorAuditSearch'>['list'][number];
interface Filters {
  admin?: string;
  action?: string;
  target_type?: string;
  target_id?: number;
  from?: number;
  to?: number;
}

/** A before/after value: JSON shown as the fields that changed, anything else as it is. */
function Change({ before, after }: { before: string | null; after: string | null }) {
  const parse = (s: string | null) => {
    try {
      const v = s ? (JSON.parse(s) as unknown) : null;
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const a = parse(before);
  const b = parse(after);
  if (a && b) {
    const keys = Object.keys({ ...a, ...b }).filter(
      (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
    );
    return (
      <div>
        {keys.map((k) => (
          <div key={k}>
            <b>{k}</b>: <Typography.Text delete>{JSON.stringify(a[k])}</Typography.Text> →{' '}
            {JSON.stringify(b[k])}
          </div>
        ))}
      </div>
    );
  }
  const short = (s: string | null) => (s && s.length > 120 ? `${s.slice(0, 120)}…` : (s ?? '—'));
  return (
    <span>
      {short(before)} → {short(after)}
    </span>
  );
}

/** Every operator action: who, what, before and after, reason, when; filterable. */
export default function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminKeys.audit(filters, page),
    queryFn: () => call.operatorAuditSearch({ ...filters, page, limit: 30 }),
  });
  // At a phone's width the filters stand one under another: the range picker alone is wider.
  const narrow = !Grid.useBreakpoint().md;
  return (
    <Card>
      <AuditChain />
      <Form
        layout={narrow ? 'vertical' : 'inline'}
        style={{ marginBottom: 16, rowGap: 8 }}
        onValuesChange={(_, all: Record<string, unknown>) => {
          const range = all.range as
            [{ valueOf(): number }, { valueOf(): number }] | null | undefined;
          setFilters({
            admin: (all.admin as string) || undefined,
            action: (all.action as string) || undefined,
            target_type: (all.target_type as string) || undefined,
            target_id: (all.target_id as number) || undefined,
            from: range?.[0]?.valueOf(),
            to: range?.[1] ? range[1].valueOf() + 1 : undefined,
          });
          setPage(1);
        }}
      >
        <Form.Item name="admin" label={S.audit.admin}>
          <Input placeholder="email" allowClear />
        </Form.Item>
        <Form.Item name="action" label={S.audit.action}>
          <Input placeholder="deposit.pass or deposit." allowClear />
        </Form.Item>
        <Form.Item name="target_type" label={S.audit.targetType}>
          <Input placeholder="user" allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="target_id" label={S.audit.targetId}>
          <InputNumber min={1} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="range" label={S.audit.range}>
          <DatePicker.RangePicker showTime style={narrow ? { width: '100%' } : undefined} />
        </Form.Item>
      </Form>
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
          { title: S.common.time, dataIndex: 'at', render: time, width: 170 },
          { title: S.audit.admin, dataIndex: 'admin' },
          { title: S.audit.action, dataIndex: 'action' },
          { title: S.audit.target, dataIndex: 'target' },
          {
            title: `${S.audit.before} → ${S.audit.after}`,
            key: 'change',
            render: (_, i) => <Change before={i.before} after={i.after} />,
          },
          { title: S.common.reason, dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
        ]}
      />
    </Card>
  );
}
