import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { RowsTable } from '../components/RowsTable.tsx';
import { useUserDetail, type UserDetail } from '../components/UserMoney.tsx';
import { UserPasskeys } from '../components/UserPasskeys.tsx';
import { amount, time } from '../format.ts';
import { DETAIL_COLUMNS } from '../layout.ts';
import { isAdmin } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type User = Result<'operatorUsers'>['list'][number];

/** Search users; open one for KYC, balances, postings, orders, positions, sessions and passkeys. */
export default function UsersPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({
    queryKey: adminKeys.userSearch(q, page),
    queryFn: () => call.operatorUsers({ q, page, limit: 20 }),
  });
  return (
    <Card>
      <Input.Search
        placeholder={S.users.searchPlaceholder}
        allowClear
        enterButton={S.common.search}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 520, marginBottom: 16 }}
        data-testid="user-search"
      />
      <Table<User>
        scroll={{ x: true }}
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        onRow={(u) => ({ onClick: () => setOpen(u.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: 20,
          total: query.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
          { title: S.common.user, dataIndex: 'account' },
          { title: 'Nickname', dataIndex: 'nickname' },
          { title: 'KYC', dataIndex: 'kyc_basic' },
          {
            title: S.common.status,
            dataIndex: 'frozen',
            render: (f: boolean) =>
              f ? (
                <Tag color="red">{S.users.frozen}</Tag>
              ) : (
                <Tag color="green">{S.users.active}</Tag>
              ),
          },
          { title: S.users.registered, dataIndex: 'created_at', render: time },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={1000}
        title={open !== null ? `${S.common.user} #${open}` : ''}
        destroyOnHidden
      >
        {open !== null && <UserDetailView id={open} />}
      </Drawer>
    </Card>
  );
}

function UserDetailView({ id }: { id: number }) {
  const { data } = useUserDetail(id);
  if (!data) return <Card loading />;
  const u = data.user;
  return (
    <>
      <Descriptions size="small" column={DETAIL_COLUMNS} bordered>
        <Descriptions.Item label={S.common.user}>{u.account}</Descriptions.Item>
        <Descriptions.Item label="Nickname">{u.nickname}</Descriptions.Item>
        <Descriptions.Item label={S.common.status}>
          {u.frozen ? (
            <Tag color="red">{S.users.frozen}</Tag>
          ) : (
            <Tag color="green">{S.users.active}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="KYC basic">{u.kyc_basic}</Descriptions.Item>
        <Descriptions.Item label="KYC advanced">{u.kyc_advanced}</Descriptions.Item>
        <Descriptions.Item label="Invite code">{u.invite_code}</Descriptions.Item>
        <Descriptions.Item label="Invited by">{u.invited_by ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Language">{u.lang}</Descriptions.Item>
        <Descriptions.Item label={S.users.registered}>{time(u.created_at)}</Descriptions.Item>
      </Descriptions>
      <UserActions id={id} user={data} />
      <UserRecords id={id} user={data} />
    </>
  );
}

/** An admin freezes, unfreezes or logs the user out everywhere, with a reason for the audit. */
function UserActions({ id, user: data }: { id: number; user: UserDetail }) {
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'freeze' | 'unfreeze' | 'revoke' | null>(null);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: async () =>
      // awaited: one answer type (a union of promises is not a promise of the union)
      await (
        action === 'revoke'
          ? call.operatorUserSessionsRevoke
          : action === 'freeze'
            ? call.operatorUserFreeze
            : call.operatorUserUnfreeze
      )({ id, reason: reason.trim() || undefined }),
    onSuccess: () => {
      void message.success(S.common.done);
      setAction(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const u = data.user;
  return (
    <>
      {isAdmin(session?.role) && (
        <Space style={{ margin: '16px 0' }}>
          <Button
            danger={!u.frozen}
            onClick={() => setAction(u.frozen ? 'unfreeze' : 'freeze')}
            data-testid="user-freeze"
          >
            {u.frozen ? S.users.unfreeze : S.users.freeze}
          </Button>
          <Button onClick={() => setAction('revoke')} data-testid="user-revoke">
            {S.users.revoke} ({data.sessions.length})
          </Button>
        </Space>
      )}
      <Modal
        open={action !== null}
        title={
          action === 'revoke'
            ? S.users.revoke
            : action === 'freeze'
              ? S.users.freeze
              : S.users.unfreeze
        }
        onOk={() => act.mutate()}
        confirmLoading={act.isPending}
        onCancel={() => setAction(null)}
      >
        <p>{action === 'revoke' ? S.users.revokeHint : S.users.freezeHint}</p>
        <Input.TextArea
          rows={2}
          placeholder={S.common.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

/** The columns of each list of the user's records, as the console's other tables name them. */
const RECORD_COLUMNS = {
  postings: ['id', 'kind', 'sub', 'name', 'bucket', 'amount', 'ref', 'at'],
  kyc: ['id', 'level', 'status', 'country', 'name', 'id_number', 'reason', 'created_at'],
  deposits: ['id', 'coin_id', 'network', 'amount', 'status', 'reason', 'created_at'],
  withdrawals: ['id', 'coin_id', 'network', 'address', 'amount', 'fee', 'status', 'created_at'],
  orders: ['id', 'symbol', 'side', 'type', 'price', 'amount', 'filled', 'status', 'created_at'],
  positions: [
    'id',
    'symbol',
    'side',
    'lots',
    'multiple',
    'open_price',
    'margin',
    'status',
    'profit',
    'created_at',
  ],
  options: [
    'id',
    'symbol',
    'type',
    'seconds',
    'number',
    'open_price',
    'close_price',
    'status',
    'result',
    'profit',
    'created_at',
  ],
  sessions: ['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'],
} as const;

/** What the user holds and did: balances, postings, KYC, money, orders, positions, sessions. */
function UserRecords({ id, user: data }: { id: number; user: UserDetail }) {
  const list = (key: Exclude<keyof typeof RECORD_COLUMNS, 'sessions'>) => ({
    key,
    label: S.users[key],
    children: <RowsTable rows={data[key]} columns={[...RECORD_COLUMNS[key]]} />,
  });
  return (
    <Tabs
      items={[
        {
          key: 'balances',
          label: S.users.balances,
          children: (
            <Table
              scroll={{ x: true }}
              size="small"
              rowKey={(b) => `${b.sub}-${b.currency_id}`}
              pagination={false}
              dataSource={data.balances}
              columns={[
                { title: S.users.sub, dataIndex: 'sub' },
                { title: S.common.coin, dataIndex: 'name' },
                { title: S.users.available, dataIndex: 'available', render: amount },
                { title: S.users.frozenAmount, dataIndex: 'frozen', render: amount },
              ]}
            />
          ),
        },
        list('postings'),
        list('kyc'),
        list('deposits'),
        list('withdrawals'),
        list('orders'),
        list('positions'),
        list('options'),
        {
          key: 'sessions',
          label: `${S.users.sessions} (${data.sessions.length})`,
          children: <RowsTable rows={data.sessions} columns={[...RECORD_COLUMNS.sessions]} />,
        },
        {
          key: 'passkeys',
          label: `${S.users.passkeys} (${data.passkeys.length})`,
          children: <UserPasskeys userId={id} passkeys={data.passkeys} />,
        },
      ]}
    />
  );
}
