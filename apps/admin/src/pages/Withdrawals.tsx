import { Alert, Col, Descriptions, Row, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { useSession } from '../api/session.ts';
import type { Passing } from '../components/Decide.tsx';
import { ChainTx } from '../components/ChainTx.tsx';
import { QueuePage } from '../components/QueuePage.tsx';
import { UserMoney } from '../components/UserMoney.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Withdrawal = Result<'operatorWithdrawals'>['list'][number];

/** Four eyes: how far a withdrawal that needs two operators has come. */
function approvals(w: Withdrawal) {
  if (w.approvals_needed === 1) return null;
  if (w.first_passed_email)
    return (
      <Tag color="gold" data-testid={`approvals-${w.id}`}>
        {S.fourEyes.firstOf(w.first_passed_email)}
      </Tag>
    );
  return (
    <Tag color="purple" data-testid={`approvals-${w.id}`}>
      {S.fourEyes.needsTwo}
    </Tag>
  );
}

/**
 * Withdrawals: address (or bank), the user's balance and history beside it; pass pays out, or
 * above the four-eyes threshold records the first of two approvals.
 */
export default function WithdrawalsPage() {
  const me = useSession()?.email;
  const threshold = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: () => call.operatorFourEyes(),
  });
  const passing = (w: Withdrawal): Passing | undefined => {
    if (w.approvals_needed === 1) return undefined;
    if (!w.first_passed_email) return { confirm: S.fourEyes.firstPassConfirm };
    if (w.first_passed_email === me) return { blocked: S.fourEyes.yoursAlready };
    return { confirm: S.fourEyes.secondPassConfirm(w.first_passed_email) };
  };
  return (
    <QueuePage
      path="withdrawals"
      statuses={['review', 'passed', 'rejected', 'all']}
      list={(query) => call.operatorWithdrawals(query)}
      passing={passing}
      note={
        threshold.data && (
          <Alert
            type="info"
            showIcon
            title={S.fourEyes.note(amount(threshold.data.threshold_usdt))}
            data-testid="four-eyes-note"
          />
        )
      }
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
        { title: S.fourEyes.tab, key: 'approvals', render: (_, w) => approvals(w) },
      ]}
      evidence={(w) => (
        <Row gutter={24}>
          <Col xs={24} md={10}>
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
              <Descriptions.Item label={S.fourEyes.value}>{amount(w.value_usdt)}</Descriptions.Item>
              {w.first_passed_email && (
                <Descriptions.Item label={S.fourEyes.tab}>
                  {S.fourEyes.firstOf(w.first_passed_email)} · {time(w.first_passed_at)}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={S.queue.fee}>{amount(w.fee)}</Descriptions.Item>
              <Descriptions.Item label={S.queue.receive}>{amount(w.receive)}</Descriptions.Item>
              {w.remark && <Descriptions.Item label={S.queue.remark}>{w.remark}</Descriptions.Item>}
              {w.reason && (
                <Descriptions.Item label={S.common.reason}>{w.reason}</Descriptions.Item>
              )}
              {w.chain_status && (
                <Descriptions.Item label={S.chain.chainStatus}>
                  {w.chain_status}
                  {w.confirmations !== null && ` · ${w.confirmations}`}
                </Descriptions.Item>
              )}
              {w.tx_hash && (
                <Descriptions.Item label={S.chain.tx}>
                  <ChainTx hash={w.tx_hash} url={w.explorer_url} />
                </Descriptions.Item>
              )}
              {w.status === 'review' && w.chain_error && (
                <Descriptions.Item label={S.chain.failed}>
                  <span data-testid={`chain-error-${w.id}`}>{w.chain_error}</span>
                </Descriptions.Item>
              )}
            </Descriptions>
          </Col>
          <Col xs={24} md={14}>
            <UserMoney userId={w.user_id} currencyId={w.currency_id} />
          </Col>
        </Row>
      )}
    />
  );
}
