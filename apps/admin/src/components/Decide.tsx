import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callByName, type Input as Sent } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { amount } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** The review queues: each one's list, pass and reject in the endpoint table. */
export const QUEUES = {
  kyc: { list: 'operatorKyc', pass: 'operatorKycPass', reject: 'operatorKycReject' },
  deposits: {
    list: 'operatorDeposits',
    pass: 'operatorDepositPass',
    reject: 'operatorDepositReject',
  },
  withdrawals: {
    list: 'operatorWithdrawals',
    pass: 'operatorWithdrawalPass',
    reject: 'operatorWithdrawalReject',
  },
  subscriptions: {
    list: 'operatorSubscriptions',
    pass: 'operatorSubscriptionPass',
    reject: 'operatorSubscriptionReject',
  },
} as const;
export type QueuePath = keyof typeof QUEUES;
type Decision = (typeof QUEUES)[QueuePath]['pass' | 'reject'];

/** A deposit's pass may credit another amount than the reported one. */
export interface Credit {
  reported: string;
  coin: string;
}

/** Four eyes: what a pass does here (`confirm`), or why this operator cannot pass (`blocked`). */
export interface Passing {
  confirm?: string;
  blocked?: string;
}

/**
 * Pass (confirm) or reject (with a reason the user sees) one item of a review queue. With
 * `credit`, the pass confirmation takes an optional credited amount (what actually arrived).
 */
export function Decide({
  path,
  id,
  queryKey,
  credit,
  passing,
  stacked = false,
}: {
  path: QueuePath;
  id: number;
  queryKey: readonly unknown[];
  credit?: Credit | undefined;
  passing?: Passing | undefined;
  /** One button under the other (a phone's narrow column). */
  stacked?: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [credited, setCredited] = useState('');
  const decide = useMutation({
    mutationFn: (v: { pass: boolean; reason?: string; credited_amount?: string }) =>
      callByName(QUEUES[path][v.pass ? 'pass' : 'reject'], {
        id,
        reason: v.reason,
        credited_amount: v.credited_amount,
      } as Sent<Decision>),
    onSuccess: () => {
      void message.success(S.common.done);
      setRejecting(false);
      setReason('');
      setCredited('');
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Space orientation={stacked ? 'vertical' : 'horizontal'} size={stacked ? 4 : 8}>
      <Popconfirm
        title={passing?.confirm ?? S.common.confirmPass}
        disabled={Boolean(passing?.blocked)}
        description={
          credit && (
            <div style={{ maxWidth: 300 }}>
              <label htmlFor={`credited-${id}`}>{S.queue.credited}</label>
              <Input
                id={`credited-${id}`}
                value={credited}
                onChange={(e) => setCredited(e.target.value)}
                inputMode="decimal"
                placeholder={amount(credit.reported)}
                suffix={credit.coin}
                style={{ margin: '4px 0' }}
                data-testid={`credited-${id}`}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {S.queue.creditedHint(`${amount(credit.reported)} ${credit.coin}`)}
              </Typography.Text>
            </div>
          )
        }
        onConfirm={() =>
          decide.mutate({ pass: true, credited_amount: credited.trim() || undefined })
        }
        okButtonProps={{ 'data-testid': `confirm-pass-${id}` } as ButtonProps}
      >
        <Tooltip title={passing?.blocked}>
          <Button
            type="primary"
            loading={decide.isPending}
            disabled={Boolean(passing?.blocked)}
            data-testid={`pass-${id}`}
          >
            {S.common.pass}
          </Button>
        </Tooltip>
      </Popconfirm>
      <Button danger onClick={() => setRejecting(true)} data-testid={`reject-${id}`}>
        {S.common.reject}
      </Button>
      <Modal
        open={rejecting}
        title={`${S.common.reject} #${id}`}
        okText={S.common.reject}
        okButtonProps={
          { danger: true, disabled: !reason.trim(), 'data-testid': 'reject-confirm' } as ButtonProps
        }
        confirmLoading={decide.isPending}
        onOk={() => decide.mutate({ pass: false, reason: reason.trim() })}
        onCancel={() => setRejecting(false)}
      >
        <p>{S.common.reasonRequired}</p>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="reject-reason"
        />
      </Modal>
    </Space>
  );
}
