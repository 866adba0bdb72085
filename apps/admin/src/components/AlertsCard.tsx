import { Alert, Card, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { MonitorAlert } from '@hx/protocol';
import { call } from '../api/call.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

const SEVERITY_COLOR = { critical: 'red', warning: 'orange' } as const;

export const alertColumns = [
  {
    title: S.alerts.severity,
    dataIndex: 'severity',
    render: (s: MonitorAlert['severity']) => <Tag color={SEVERITY_COLOR[s]}>{s}</Tag>,
  },
  { title: S.alerts.rule, dataIndex: 'rule', render: (r: string) => <code>{r}</code> },
  { title: S.alerts.subject, dataIndex: 'subject' },
  { title: S.alerts.summary, dataIndex: 'summary' },
  { title: S.alerts.started, dataIndex: 'started_at', render: time },
];

/** What fires now (the dashboard's first card; the alerts page lists the history). */
export function AlertsCard() {
  const { data } = useQuery({
    queryKey: adminKeys.monitorAlerts,
    queryFn: () => call.operatorMonitorAlerts(),
    refetchInterval: 15_000,
  });
  if (!data) return <Card loading />;
  return (
    <Card title={S.alerts.firing(data.firing.length)} data-testid="alerts-card">
      {data.firing.length === 0 ? (
        <Alert type="success" showIcon title={S.alerts.none} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Table<MonitorAlert>
            scroll={{ x: true }}
            size="small"
            rowKey="id"
            pagination={false}
            columns={alertColumns}
            dataSource={data.firing}
          />
        </Space>
      )}
    </Card>
  );
}
