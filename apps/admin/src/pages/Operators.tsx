import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLES, type AdminRole } from '@hx/protocol';
import { call, type Input as Sent, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { WaitingChanges } from '../components/WaitingChanges.tsx';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Operator = Result<'operatorOperators'>[number];
const roleOptions = ADMIN_ROLES.map((r) => ({ value: r, label: S.operators.roles[r] }));

type OperatorChange = { id: number; role?: AdminRole; disabled?: boolean; password?: string };

/** The operators' table; an operator cannot change their own role, access or factor here. */
function operatorColumns(
  me: string | undefined,
  act: {
    update: (change: OperatorChange) => void;
    resetPassword: (o: Operator) => void;
    resetTwoFactor: (id: number) => void;
  },
): TableColumnsType<Operator> {
  return [
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
          disabled={o.email === me}
          onChange={(role) => act.update({ id: o.id, role })}
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
            disabled={o.email === me}
            onClick={() => act.update({ id: o.id, disabled: !o.disabled })}
          >
            {o.disabled ? S.operators.enable : S.operators.disable}
          </Button>
          <Button size="small" onClick={() => act.resetPassword(o)}>
            {S.login.password}
          </Button>
          <Popconfirm
            title={S.twoFactor.resetConfirm(o.email)}
            onConfirm={() => act.resetTwoFactor(o.id)}
            disabled={o.email === me}
          >
            <Button size="small" disabled={o.email === me}>
              {S.twoFactor.reset}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

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
    queryKey: adminKeys.operators,
    queryFn: () => call.operatorOperators(),
  });
  const onError = (err: unknown) =>
    void message.error(err instanceof ApiError ? err.message : String(err));
  // A new operator, another's password or authenticator wait for a second admin (`pending`).
  const done = (answer?: { pending?: unknown }) => {
    if (answer?.pending) void message.info(S.waiting.asked);
    else void message.success(S.common.saved);
    void queryClient.invalidateQueries({ queryKey: adminKeys.operators });
    void queryClient.invalidateQueries({ queryKey: adminKeys.operatorActions });
  };
  const create = useMutation({
    mutationFn: (v: Sent<'operatorOperatorCreate'>) => call.operatorOperatorCreate(v),
    onSuccess: (answer) => {
      done(answer);
      setAdding(false);
      form.resetFields();
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: OperatorChange) =>
      call.operatorOperatorUpdate({
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
    mutationFn: (id: number) => call.operatorTwoFactorReset({ id }),
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
          columns={operatorColumns(session?.email, {
            update: (change) => update.mutate(change),
            resetPassword: setResetting,
            resetTwoFactor: (id) => resetTwoFactor.mutate(id),
          })}
        />
        <AddOperatorModal
          open={adding}
          form={form}
          busy={create.isPending}
          onCancel={() => setAdding(false)}
          onFinish={(v) => create.mutate(v)}
        />
        <PasswordModal
          operator={resetting}
          busy={update.isPending}
          onCancel={() => setResetting(null)}
          onSave={(id, password) => update.mutate({ id, password })}
        />
      </Card>
    </>
  );
}

/** A new operator: email, first password and role (it waits for a second admin). */
function AddOperatorModal({
  open,
  form,
  busy,
  onCancel,
  onFinish,
}: {
  open: boolean;
  form: FormInstance;
  busy: boolean;
  onCancel: () => void;
  onFinish: (values: Sent<'operatorOperatorCreate'>) => void;
}) {
  return (
    <Modal
      open={open}
      title={S.operators.add}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={busy}
    >
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ role: 'support' }}>
        <Form.Item name="email" label={S.login.email} rules={[{ required: true, type: 'email' }]}>
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
  );
}

/** A new password for an operator (another's waits for a second admin). */
function PasswordModal({
  operator,
  busy,
  onCancel,
  onSave,
}: {
  operator: Operator | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (id: number, password: string) => void;
}) {
  return (
    <Modal
      open={operator !== null}
      title={`${S.login.password}: ${operator?.email ?? ''}`}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
    >
      <Form
        layout="vertical"
        onFinish={(v: { password: string }) => operator && onSave(operator.id, v.password)}
      >
        <Form.Item
          name="password"
          label={S.operators.password}
          rules={[{ required: true, min: 10 }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {S.common.save}
        </Button>
      </Form>
    </Modal>
  );
}
