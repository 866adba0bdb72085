import { useEffect } from 'react';
import { App, Button, Card, Flex, Form, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorAlert, MonitorSettings } from '@hx/protocol';
import { call } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { AlertsCard, alertColumns } from '../components/AlertsCard.tsx';
import { time } from '../format.ts';
import { isAdmin } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

const FIELDS: [keyof MonitorSettings, string][] = [
  ['withdrawal_wait_minutes', S.alerts.withdrawalWait],
  ['deposit_wait_minutes', S.alerts.depositWait],
  ['watcher_stall_seconds', S.alerts.watcherStall],
  ['index_stale_seconds', S.alerts.indexStale],
  ['disk_free_min_percent', S.alerts.diskFree],
  ['job_late_intervals', S.alerts.jobLate],
  ['repeat_minutes', S.alerts.repeat],
];

/** The alert rules' thresholds (admin only; the server audits a change). */
function ThresholdsCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MonitorSettings>();
  const current = useQuery({
    queryKey: adminKeys.monitorSettings,
    queryFn: () => call.operatorMonitorSettings(),
  });
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);
  const save = useMutation({
    mutationFn: (values: MonitorSettings) => call.operatorMonitorSettingsUpdate(values),
    onSuccess: () => {
      void message.success(S.common.saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.monitorSettings });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Card title={S.alerts.thresholds} loading={current.isLoading}>
      <Typography.Paragraph type="secondary">{S.alerts.thresholdsHelp}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Flex wrap gap={16}>
          {FIELDS.map(([name, label]) => (
            <Form.Item key={name} name={name} label={label} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} data-testid={`monitor-${name}`} />
            </Form.Item>
          ))}
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {S.common.save}
        </Button>
      </Form>
    </Card>
  );
}

/** Alerts: what fires, what resolved lately, mail to me, and (admin) the thresholds. */
export default function AlertsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: adminKeys.monitorAlerts,
    queryFn: () => call.operatorMonitorAlerts(),
    refetchInterval: 15_000,
  });
  const mail = useMutation({
    mutationFn: (on: boolean) => call.operatorMonitorMail({ on }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.monitorAlerts }),
  });
  return (
    <Flex vertical gap={16}>
      <AlertsCard />
      <Card>
        <Flex wrap gap={24} align="center">
          <Flex gap={8} align="center">
            <Switch
              checked={data?.mailed ?? false}
              loading={mail.isPending}
              onChange={(on) => mail.mutate(on)}
              data-testid="alerts-mail"
            />
            {S.alerts.mailMe}
          </Flex>
          <span>
            {S.alerts.webhook}{' '}
            <Tag color={data?.webhook ? 'green' : undefined}>
              {data?.webhook ? S.alerts.webhookOn : S.alerts.webhookOff}
            </Tag>
          </span>
        </Flex>
      </Card>
      <Card title={S.alerts.resolved}>
        <Table<MonitorAlert>
          scroll={{ x: true }}
          size="small"
          rowKey="id"
          pagination={false}
          columns={[
            ...alertColumns,
            { title: S.alerts.resolvedAt, dataIndex: 'resolved_at', render: time },
          ]}
          dataSource={data?.resolved ?? []}
        />
      </Card>
      {isAdmin(session?.role) && <ThresholdsCard />}
    </Flex>
  );
}
