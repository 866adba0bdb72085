import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api/http.ts';
import { S } from '../strings.ts';

/** Pass (confirm) or reject (with a reason the user sees) one item of a review queue. */
export function Decide({ path, id, queryKey }: { path: string; id: number; queryKey: unknown[] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (v: { pass: boolean; reason?: string }) =>
      api.post(`admin/${path}/${id}/${v.pass ? 'pass' : 'reject'}`, { reason: v.reason }),
    onSuccess: () => {
      void message.success(S.common.done);
      setRejecting(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Space>
      <Popconfirm
        title={S.common.confirmPass}
        onConfirm={() => decide.mutate({ pass: true })}
        okButtonProps={{ 'data-testid': `confirm-pass-${id}` } as ButtonProps}
      >
        <Button type="primary" loading={decide.isPending} data-testid={`pass-${id}`}>
          {S.common.pass}
        </Button>
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
