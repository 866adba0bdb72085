import { useState, type ReactNode } from 'react';
import { Card, Flex, Grid, Segmented, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../api/http.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';
import { Decide, type Credit, type Passing, type QueuePath } from './Decide.tsx';

const COLORS: Record<string, string> = {
  review: 'gold',
  passed: 'green',
  verified: 'green',
  rejected: 'red',
};
export const statusTag = (s: string) => <Tag color={COLORS[s] ?? 'default'}>{s}</Tag>;

/** What a queue's list is asked for: a status of the queue's own, a page. */
export interface QueueQuery<Status extends string> {
  status: Status;
  page: number;
  limit: number;
}

interface Props<T, Status extends string> {
  path: QueuePath;
  statuses: readonly Status[];
  /** The queue's list endpoint: `(query) => call.operatorKyc(query)`. */
  list: (query: QueueQuery<Status>) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  evidence: (item: T) => ReactNode;
  decidable?: boolean;
  /** Which items show pass/reject (default: those under review). */
  canDecide?: (item: T) => boolean;
  /** A pass that may credit another amount than reported (deposits). */
  credit?: (item: T) => Credit;
  /** What passing this item means when more than the usual (four eyes), or why it cannot. */
  passing?: (item: T) => Passing | undefined;
  /** Shown above the queue (e.g. the four-eyes rule). */
  note?: ReactNode;
}

/** A review queue: status filter, the items with their evidence expanded in place, decisions. */
export function QueuePage<T extends { id: number; status: string }, Status extends string>(
  props: Props<T, Status>,
) {
  const [status, setStatus] = useState<Status>(props.statuses[0]!);
  const [page, setPage] = useState(1);
  const [closed, setClosed] = useState<Set<number>>(new Set());
  // On a phone the decision stays in view (fixed to the right edge), its buttons stacked.
  const phone = !Grid.useBreakpoint().md;
  const query = useQuery({
    queryKey: adminKeys.queuePage(props.path, status, page),
    queryFn: () => props.list({ status, page, limit: 20 }),
    refetchInterval: 15_000,
  });
  const columns: TableColumnsType<T> = [
    { title: '#', dataIndex: 'id', width: 70 },
    ...props.columns,
    { title: S.common.status, dataIndex: 'status', render: statusTag, width: 100 },
  ];
  if (props.decidable !== false)
    columns.push({
      title: S.common.actions,
      key: 'actions',
      width: phone ? 96 : 200,
      fixed: 'right',
      render: (_, item) =>
        (props.canDecide ? props.canDecide(item) : item.status === 'review') ? (
          <Decide
            path={props.path}
            id={item.id}
            queryKey={adminKeys.queue(props.path)}
            credit={props.credit?.(item)}
            passing={props.passing?.(item)}
            stacked={phone}
          />
        ) : null,
    });
  return (
    <Card
      title={
        <Segmented
          options={props.statuses.map((s) => ({ label: s === 'all' ? S.common.all : s, value: s }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      }
    >
      {props.note && <Flex style={{ marginBottom: 12 }}>{props.note}</Flex>}
      <Table<T>
        scroll={{ x: true }}
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        columns={columns}
        expandable={{
          expandedRowRender: props.evidence,
          // Evidence is open by default: reviewing is reading it.
          expandedRowKeys: (query.data?.list ?? [])
            .map((i) => i.id)
            .filter((id) => !closed.has(id)),
          onExpand: (open, item) =>
            setClosed((c) => {
              const next = new Set(c);
              if (open) next.delete(item.id);
              else next.add(item.id);
              return next;
            }),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: query.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid={`queue-${props.path}`}
      />
    </Card>
  );
}
