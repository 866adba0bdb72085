import { Alert, Descriptions } from 'antd';
import type { z } from 'zod';
import type { adminSubscription } from '@hx/contracts';
import { QueuePage } from '../components/QueuePage.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';

type Subscription = z.infer<typeof adminSubscription>;

/** Subscriptions waiting for their project's allocation (run by the job, not by hand). */
export default function SubscriptionsPage() {
  return (
    <>
      <Alert type="info" showIcon title={S.queue.subscriptionsNote} style={{ marginBottom: 16 }} />
      <QueuePage<Subscription>
        path="subscriptions"
        statuses={['review', 'passed', 'all']}
        decidable={false}
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
            <Descriptions.Item label={S.queue.rate}>{amount(s.rate)}</Descriptions.Item>
            <Descriptions.Item label={S.queue.allocated}>{amount(s.allocated)}</Descriptions.Item>
            <Descriptions.Item label={S.queue.refund}>{amount(s.refund)}</Descriptions.Item>
            <Descriptions.Item label={S.common.time}>{time(s.created_at)}</Descriptions.Item>
          </Descriptions>
        )}
      />
    </>
  );
}
