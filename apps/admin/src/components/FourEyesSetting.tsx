import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { S } from '../strings.ts';
import { WaitingChanges } from './WaitingChanges.tsx';
import { adminKeys } from '../queryKeys.ts';

/** The four-eyes threshold of withdrawals (admin only), audited by the server. */
export function FourEyesSetting() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: () => call.operatorFourEyes(),
  });
  const [value, setValue] = useState('');
  useEffect(() => {
    if (current.data) setValue(current.data.threshold_usdt);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (threshold_usdt: string) => call.operatorFourEyesUpdate({ threshold_usdt }),
    // Raising it waits for a second admin (`pending`); lowering applies at once.
    onSuccess: (answer) => {
      if (answer.pending) void message.info(S.waiting.asked);
      else void message.success(S.common.saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.operatorActions });
      void queryClient.invalidateQueries({ queryKey: adminKeys.fourEyes });
      void queryClient.invalidateQueries({ queryKey: adminKeys.queue('withdrawals') });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Flex vertical gap={12} style={{ maxWidth: 560 }}>
      <Alert type="info" showIcon title={S.fourEyes.thresholdHelp} />
      <WaitingChanges />
      <Form layout="vertical" onFinish={() => save.mutate(value.trim())}>
        <Form.Item label={S.fourEyes.threshold}>
          <Flex gap={8}>
            <Input
              value={value}
              onChange={(e) => setValue(e.target.value)}
              inputMode="decimal"
              suffix="USDT"
              style={{ maxWidth: 240 }}
              disabled={current.isLoading}
              data-testid="four-eyes-threshold"
            />
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={!value.trim() || value.trim() === current.data?.threshold_usdt}
              data-testid="four-eyes-save"
            >
              {S.common.save}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Flex>
  );
}
