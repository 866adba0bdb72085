import { Descriptions, Space, Typography } from 'antd';
import { call, type Result } from '../api/call.ts';
import { AuthImage } from '../components/AuthImage.tsx';
import { ChainTx } from '../components/ChainTx.tsx';
import { QueuePage } from '../components/QueuePage.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';

type Deposit = Result<'operatorDeposits'>['list'][number];

/** What was credited: a corrected amount beside the reported one, or the reported one. */
const credited = (d: Deposit) =>
  d.credited_amount === null ? (
    <b>
      {amount(d.number)} {d.name}
    </b>
  ) : (
    <>
      <b>
        {amount(d.credited_amount)} {d.name}
      </b>{' '}
      <Typography.Text type="secondary" delete>
        {amount(d.number)}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">({S.queue.reported})</Typography.Text>
    </>
  );

/**
 * Deposits reported by users: the voucher, network and amount in place; pass credits the
 * reported amount, or the amount that arrived when the reviewer enters it.
 */
export default function DepositsPage() {
  return (
    <QueuePage
      path="deposits"
      statuses={['review', 'confirming', 'passed', 'rejected', 'all']}
      list={(query) => call.operatorDeposits(query)}
      credit={(d) => ({ reported: d.number, coin: d.name })}
      columns={[
        { title: S.common.user, dataIndex: 'account' },
        {
          title: S.common.amount,
          key: 'amount',
          render: (_, d) => credited(d),
        },
        { title: S.common.network, dataIndex: 'network' },
        { title: S.common.time, dataIndex: 'created_at', render: time },
      ]}
      evidence={(d) => (
        <Space align="start" size={24}>
          {d.voucher && <AuthImage src={d.voucher} label={S.queue.voucher} size={180} />}
          <Descriptions size="small" column={1} style={{ minWidth: 420 }}>
            <Descriptions.Item label={S.common.user}>
              {d.account} (#{d.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={S.common.amount}>
              {amount(d.number)} {d.name}
            </Descriptions.Item>
            {d.credited_amount !== null && (
              <Descriptions.Item label={S.queue.creditedShort}>
                <span data-testid={`credited-amount-${d.id}`}>
                  {amount(d.credited_amount)} {d.name}
                </span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={S.common.network}>{d.network}</Descriptions.Item>
            <Descriptions.Item label={S.common.address}>
              <code>{d.address}</code>
            </Descriptions.Item>
            {d.tx_hash && (
              <Descriptions.Item label={S.chain.tx}>
                <ChainTx hash={d.tx_hash} url={d.explorer_url} />
                {d.confirmations !== null && ` · ${d.confirmations} / ${d.confirmations_required}`}
              </Descriptions.Item>
            )}
            {d.from_address && (
              <Descriptions.Item label={S.chain.from}>
                <code>{d.from_address}</code>
              </Descriptions.Item>
            )}
            {d.reason && <Descriptions.Item label={S.common.reason}>{d.reason}</Descriptions.Item>}
            {d.reviewed_at && (
              <Descriptions.Item label={S.common.done}>{time(d.reviewed_at)}</Descriptions.Item>
            )}
          </Descriptions>
        </Space>
      )}
    />
  );
}
