import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLES, type AdminRole } from '@hx/protocol';
import { call, type Input as Sent, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { WaitingChanges } from '../components/WaitingChanges.tsx';
import { time } from '../format.ts';
import { S } from '../strings.ts';

type Operator = Result<'operatorOperators'>[number];
const roleOptions = ADMIN_ROLES.map((r) => ({ value: r, label: S.operators.roles[r] }));

/**
 * Operator accounts (admin only): add, change role, disable, set a new password; above them the
 * changes waiting for a second admin (adding one and resets wait there).
 */
export default function OperatorsPage() {
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: ['operators'],
    queryFn: () => call('operatorOperators'),
  });
  const onError = (err: unknown) =>
    void message.error(err instanceof ApiError ? err.message : String(err));
  // A new operator, another's password or authenticator wait for a second admin (`pending`).
  const done = (answer?: { pending?: unknown }) => {
    if (answer?.pending) void message.info(S.waiting.asked);
    else void message.success(S.common.saved);
    void queryClient.invalidateQueries({ queryKey: ['operators'] });
    void queryClient.invalidateQueries({ queryKey: ['operator-actions'] });
  };
  const create = useMutation({
    mutationFn: (v: Sent<'operatorOperatorCreate'>) => call('operatorOperatorCreate', v),
    onSuccess: (answer) => {
      done(answer);
      setAdding(false);
      form.resetFields();
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: { id: number; role?: AdminRole; disabled?: boolean; password?: string }) =>
      call('operatorOperatorUpdate', {
        id: v.id,
        role: v.role,
        disabled: v.disabled,
        password: v.password,
      }),
    onSuccess: (answer) => {
      done(answer);
      setResetting(null);
    },
    onError,
  });
  const resetTwoFactor = useMutation({
    mutationFn: (id: number) => call('operatorTwoFactorReset', { id }),
    onSuccess: (answer) => done(answer),
    onError,
  });
  return (
    <>
      <WaitingChanges />
      <Card
        extra={
          <Button type="primary" onClick={() => setAdding(true)} data-testid="operator-add">
            {S.operators.add}
          </Button>
        }
      >
        <Table<Operator>
          scroll={{ x: true }}
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            { title: S.login.email, dataIndex: 'email' },
            {
              title: S.operators.role,
              key: 'role',
              render: (_, o) => (
                <Select
                  value={o.role}
                  options={roleOptions}
                  style={{ width: 360 }}
                  disabled={o.email === session?.email}
                  onChange={(role) => update.mutate({ id: o.id, role })}
                />
              ),
            },
            {
              title: S.common.status,
              dataIndex: 'disabled',
              render: (d: boolean) =>
                d ? (
                  <Tag color="red">{S.operators.disabled}</Tag>
                ) : (
                  <Tag color="green">{S.users.active}</Tag>
                ),
            },
            { title: S.users.registered, dataIndex: 'created_at', render: time },
            {
              title: S.common.actions,
              key: 'actions',
              render: (_, o) => (
                <Space>
                  <Button
                    size="small"
                    danger={!o.disabled}
                    disabled={o.email === session?.email}
                    onClick={() => update.mutate({ id: o.id, disabled: !o.disabled })}
                  >
                    {o.disabled ? S.operators.enable : S.operators.disable}
                  </Button>
                  <Button size="small" onClick={() => setResetting(o)}>
                    {S.login.password}
                  </Button>
                  <Popconfirm
                    title={S.twoFactor.resetConfirm(o.email)}
                    onConfirm={() => resetTwoFactor.mutate(o.id)}
                    disabled={o.email === session?.email}
                  >
                    <Button size="small" disabled={o.email === session?.email}>
                      {S.twoFactor.reset}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
        <Modal
          open={adding}
          title={S.operators.add}
          onCancel={() => setAdding(false)}
          onOk={() => form.submit()}
          confirmLoading={create.isPending}
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => create.mutate(v)}
            initialValues={{ role: 'support' }}
          >
            <Form.Item
              name="email"
              label={S.login.email}
              rules={[{ required: true, type: 'email' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="password"
              label={S.operators.password}
              rules={[{ required: true, min: 10 }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="role" label={S.operators.role}>
              <Select options={roleOptions} />
            </Form.Item>
          </Form>
        </Modal>
        <Modal
          open={resetting !== null}
          title={`${S.login.password}: ${resetting?.email ?? ''}`}
          onCancel={() => setResetting(null)}
          footer={null}
          destroyOnHidden
        >
          <Form
            layout="vertical"
            onFinish={(v: { password: string }) =>
              resetting && update.mutate({ id: resetting.id, password: v.password })
            }
          >
            <Form.Item
              name="password"
              label={S.operators.password}
              rules={[{ required: true, min: 10 }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {S.common.save}
            </Button>
          </Form>
        </Modal>
      </Card>
    </>
  );
}
