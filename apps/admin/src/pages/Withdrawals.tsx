import { Col, Descriptions, Row } from 'antd';
import type { z } from 'zod';
import type { adminWithdrawal } from '@hx/contracts';
import { QueuePage } from '../components/QueuePage.tsx';
import { UserMoney } from '../components/UserMoney.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';

type Withdrawal = z.infer<typeof adminWithdrawal>;

/** Withdrawals: address (or bank), the user's balance and history beside it; pass pays out. */
export default function WithdrawalsPage() {
  return (
    <QueuePage<Withdrawal>
      path="withdrawals"
      statuses={['review', 'passed', 'rejected', 'all']}
      columns={[
        { title: S.common.user, dataIndex: 'account' },
        {
          title: S.common.amount,
          key: 'amount',
          render: (_, w) => (
            <b>
              {amount(w.number)} {w.name}
            </b>
          ),
        },
        { title: S.common.network, dataIndex: 'network' },
        { title: S.common.time, dataIndex: 'created_at', render: time },
      ]}
      evidence={(w) => (
        <Row gutter={24}>
          <Col span={10}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={S.common.address}>
                <code style={{ wordBreak: 'break-all' }}>{w.address || '—'}</code>
              </Descriptions.Item>
              {w.bank && (
                <Descriptions.Item label={S.queue.bank}>
                  {Object.entries(w.bank)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={S.common.amount}>
                {amount(w.number)} {w.name}
              </Descriptions.Item>
              <Descriptions.Item label={S.queue.fee}>{amount(w.fee)}</Descriptions.Item>
              <Descriptions.Item label={S.queue.receive}>{amount(w.receive)}</Descriptions.Item>
              {w.remark && <Descriptions.Item label={S.queue.remark}>{w.remark}</Descriptions.Item>}
              {w.reason && (
                <Descriptions.Item label={S.common.reason}>{w.reason}</Descriptions.Item>
              )}
            </Descriptions>
          </Col>
          <Col span={14}>
            <UserMoney userId={w.user_id} currencyId={w.currency_id} />
          </Col>
        </Row>
      )}
    />
  );
}
