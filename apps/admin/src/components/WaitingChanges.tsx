import { Alert, App, Button, Card, Grid, Popconfirm, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Action = Result<'operatorActions'>['list'][number];

/**
 * Changes waiting for a second admin (server: operator/pending-actions.ts). Another admin
 * approves or cancels; the admin who asked cancels, or applies it alone once it is due (the
 * server refuses earlier, or while another admin could approve, and says why).
 */
export function WaitingChanges() {
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // On a phone the decision stays in view (fixed to the right edge), its buttons stacked, as in
  // QueuePage: the table scrolls under it.
  const phone = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: adminKeys.operatorActions,
    queryFn: () => call.operatorActions(),
  });
  const settled = (text: string) => {
    void message.success(text);
    for (const queryKey of [adminKeys.operatorActions, adminKeys.operators, adminKeys.fourEyes])
      void queryClient.invalidateQueries({ queryKey });
  };
  const onError = (err: unknown) =>
    void message.error(err instanceof ApiError ? err.message : String(err));
  const approve = useMutation({
    mutationFn: (id: number) => call.operatorActionApprove({ id }),
    onSuccess: () => settled(S.waiting.approved),
    onError,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => call.operatorActionCancel({ id }),
    onSuccess: () => settled(S.waiting.cancelled),
    onError,
  });
  const actions = list.data?.list ?? [];
  if (actions.length === 0) return null;
  return (
    <Card title={S.waiting.title} data-testid="waiting-changes" style={{ marginBottom: 16 }}>
      <Alert type="warning" showIcon title={S.waiting.help} style={{ marginBottom: 12 }} />
      <Table<Action>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={actions}
        columns={[
          {
            title: S.waiting.what,
            key: 'what',
            render: (_, a) => (
              <Typography.Text data-testid={`waiting-${a.id}`}>
                {S.waiting.describe(a.kind, a.summary)}
              </Typography.Text>
            ),
          },
          {
            title: S.waiting.by,
            key: 'by',
            render: (_, a) => (
              <>
                {a.requested_email}
                <br />
                <Typography.Text type="secondary">{time(a.requested_at)}</Typography.Text>
              </>
            ),
          },
          { title: S.waiting.due, dataIndex: 'due_at', render: time },
          {
            title: S.common.actions,
            key: 'actions',
            fixed: 'right',
            ...(phone && { width: 96 }),
            render: (_, a) => {
              const mine = a.requested_email === session?.email;
              return (
                <Space
                  wrap={!phone}
                  orientation={phone ? 'vertical' : 'horizontal'}
                  size={phone ? 4 : 8}
                >
                  <Popconfirm
                    title={S.waiting.approveConfirm}
                    onConfirm={() => approve.mutate(a.id)}
                  >
                    <Button size="small" type="primary" data-testid={`waiting-approve-${a.id}`}>
                      {mine ? S.waiting.apply : S.waiting.approve}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={S.waiting.cancelConfirm} onConfirm={() => cancel.mutate(a.id)}>
                    <Button size="small" danger data-testid={`waiting-cancel-${a.id}`}>
                      {S.common.cancel}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
