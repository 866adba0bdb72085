import { Descriptions, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';
import { statusTag } from './QueuePage.tsx';
import { adminKeys } from '../queryKeys.ts';

export type UserDetail = Result<'operatorUser'>;

export const useUserDetail = (id: number) =>
  useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => call.operatorUser({ id }),
  });

type Row = Record<string, unknown>;

/** A withdrawal's context: the user's balance in the coin now and their recent money history. */
export function UserMoney({ userId, currencyId }: { userId: number; currencyId: number }) {
  const { data } = useUserDetail(userId);
  if (!data) return null;
  const balance = data.balances.find((b) => b.sub === 'currency' && b.currency_id === currencyId);
  const history = [
    ...data.deposits.map((d) => ({ ...d, kind: 'deposit' })),
    ...data.withdrawals.map((w) => ({ ...w, kind: 'withdrawal' })),
  ]
    .filter((r: Row) => r.coin_id === currencyId)
    .sort((a: Row, b: Row) => Number(b.created_at) - Number(a.created_at))
    .slice(0, 8);
  return (
    <div>
      {/* One a line on a phone: three beside each other broke the balance letter by letter. */}
      <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label={S.queue.balance}>
          {balance
            ? `${amount(balance.available)} ${balance.name} (${S.users.frozenAmount} ${amount(balance.frozen)})`
            : '0'}
        </Descriptions.Item>
        <Descriptions.Item label={S.users.frozen}>
          {data.user.frozen ? S.common.yes : S.common.no}
        </Descriptions.Item>
        <Descriptions.Item label="KYC">{data.user.kyc_basic}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{S.queue.history}</Typography.Text>
      <Table<Row>
        scroll={{ x: true }}
        size="small"
        rowKey={(r) => `${String(r.kind)}${String(r.id)}`}
        pagination={false}
        dataSource={history}
        columns={[
          { title: '', dataIndex: 'kind' },
          { title: S.common.amount, dataIndex: 'amount', render: (v: string) => amount(v) },
          { title: S.common.network, dataIndex: 'network' },
          { title: S.common.status, dataIndex: 'status', render: (v: string) => statusTag(v) },
          { title: S.common.time, dataIndex: 'created_at', render: (v: number) => time(v) },
        ]}
      />
    </div>
  );
}
