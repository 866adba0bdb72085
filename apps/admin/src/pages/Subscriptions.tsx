import { Alert, Descriptions, Tag } from 'antd';
import { call } from '../api/call.ts';
import { QueuePage } from '../components/QueuePage.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';

/**
 * Subscriptions with their evidence. The job allocates them at the project's close; before it a
 * reviewer may reject one with a reason (the payment returns) or pass it (it stays in).
 */
export default function SubscriptionsPage() {
  return (
    <>
      <Alert type="info" showIcon title={S.queue.subscriptionsNote} style={{ marginBottom: 16 }} />
      <QueuePage
        path="subscriptions"
        statuses={['review', 'passed', 'rejected', 'all']}
        list={(query) => call.operatorSubscriptions(query)}
        canDecide={(s) => s.decidable}
        columns={[
          { title: S.common.user, dataIndex: 'account' },
          { title: S.queue.project, dataIndex: 'project' },
          {
            title: S.common.amount,
            key: 'amount',
            render: (_, s) => `${amount(s.amount)} ${s.pay_currency}`,
          },
          { title: S.queue.tokens, dataIndex: 'tokens', render: amount },
          { title: S.queue.closes, dataIndex: 'close_at', render: time },
        ]}
        evidence={(s) => (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={S.common.user}>
              {s.account} (#{s.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={S.queue.rate}>{amount(s.rate)}</Descriptions.Item>
            <Descriptions.Item label={S.common.time}>{time(s.created_at)}</Descriptions.Item>
            <Descriptions.Item label={S.queue.allocated}>{amount(s.allocated)}</Descriptions.Item>
            <Descriptions.Item label={S.queue.refund}>{amount(s.refund)}</Descriptions.Item>
            {s.reviewed_at !== null && (
              <Descriptions.Item label={S.queue.reviewedAt}>
                {time(s.reviewed_at)} · {S.queue.reviewedBy} {s.reviewer ?? `#${s.reviewed_by}`}
                {s.status === 'review' && (
                  <Tag color="green" style={{ marginLeft: 8 }}>
                    {S.queue.passedWaiting}
                  </Tag>
                )}
              </Descriptions.Item>
            )}
            {s.reason && (
              <Descriptions.Item label={S.common.reason} span={3}>
                {s.reason}
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      />
    </>
  );
}
