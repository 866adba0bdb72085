import { Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';
import { statusTag } from './QueuePage.tsx';
import { adminKeys } from '../queryKeys.ts';

const KYC_COLORS: Record<string, string> = {
  verified: 'green',
  review: 'gold',
  rejected: 'red',
};
const kycTag = (state: string) => <Tag color={KYC_COLORS[state] ?? 'default'}>{state}</Tag>;

interface Line {
  id: number;
  name: string;
  network: string;
  number: string;
  credited_amount?: string | null;
  status: string;
  created_at: number;
}

/** One deposit or withdrawal: the amount (what was credited, if corrected), state and when. */
function MoneyList({ title, lines, testId }: { title: string; lines: Line[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      <List<Line>
        size="small"
        dataSource={lines}
        locale={{ emptyText: S.chat.none }}
        renderItem={(line) => (
          <List.Item style={{ padding: '6px 0', display: 'block' }}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <span>
                <b>{amount(line.credited_amount ?? line.number)}</b> {line.name}
                {line.credited_amount && (
                  <Typography.Text type="secondary" delete style={{ marginLeft: 4 }}>
                    {amount(line.number)}
                  </Typography.Text>
                )}
              </span>
              {statusTag(line.status)}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              #{line.id} · {line.network} · {time(line.created_at)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}

/**
 * Beside a conversation: who is writing (id, account, KYC state) and their latest deposits and
 * withdrawals with their state, so "where is my money?" is answered without leaving the inbox.
 */
export function ChatContextPanel({ userId }: { userId: number }) {
  const context = useQuery({
    queryKey: adminKeys.chatContext(userId),
    queryFn: () => call.operatorChatContext({ user_id: userId }),
    refetchInterval: 30_000,
  });
  const data = context.data;
  return (
    <Card title={S.chat.about} size="small" loading={context.isLoading} data-testid="chat-context">
      {data && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="ID">
              <span data-testid="chat-context-id">#{data.user_id}</span>
            </Descriptions.Item>
            <Descriptions.Item label={S.common.user}>
              <Typography.Text copyable style={{ overflowWrap: 'anywhere' }}>
                {data.account}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={S.chat.nickname}>{data.nickname}</Descriptions.Item>
            <Descriptions.Item label={S.chat.kycBasic}>
              <span data-testid="chat-context-kyc-basic">{kycTag(data.kyc.basic)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={S.chat.kycAdvanced}>
              {kycTag(data.kyc.advanced)}
            </Descriptions.Item>
            {data.frozen && (
              <Descriptions.Item label={S.common.status}>
                <Tag color="red">{S.users.frozen}</Tag>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={S.users.registered}>
              {time(data.registered_at)}
            </Descriptions.Item>
          </Descriptions>
          <MoneyList
            title={S.chat.recentDeposits}
            lines={data.deposits}
            testId="chat-context-deposits"
          />
          <MoneyList
            title={S.chat.recentWithdrawals}
            lines={data.withdrawals}
            testId="chat-context-withdrawals"
          />
        </Space>
      )}
    </Card>
  );
}
