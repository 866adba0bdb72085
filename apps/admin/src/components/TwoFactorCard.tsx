import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { S } from '../strings.ts';
import { RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup.tsx';
import { adminKeys } from '../queryKeys.ts';

type Setup = Result<'operatorTwoFactorSetup'>;
const text = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

type Status = Result<'operatorTwoFactor'>;

/** On or off, whether it is required here, and the recovery codes left. */
function TwoFactorState({ status: s }: { status: Status }) {
  return (
    <>
      {!s.required && (
        <Alert
          type="warning"
          showIcon
          title={S.login.demoNotice}
          description={S.login.demoNoticeHint}
          data-testid="demo-2fa-notice"
        />
      )}
      <Flex gap={8} align="center" wrap>
        {s.enabled ? (
          <Tag color="green" data-testid="two-factor-state">
            {S.twoFactor.on}
          </Tag>
        ) : (
          <Tag color="red" data-testid="two-factor-state">
            {S.twoFactor.off}
          </Tag>
        )}
        <Typography.Text type="secondary">
          {s.required ? S.twoFactor.required : S.twoFactor.optional}
        </Typography.Text>
        {s.enabled && (
          <Typography.Text>{S.twoFactor.codesLeft(s.recovery_codes_left)}</Typography.Text>
        )}
      </Flex>
    </>
  );
}

/** The operator's own authenticator: on or off, turning it on (any mode) and off (demo only). */
export function TwoFactorCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: adminKeys.twoFactor,
    queryFn: () => call.operatorTwoFactor(),
  });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [offCode, setOffCode] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor });

  const start = useMutation({
    mutationFn: () => call.operatorTwoFactorSetup(),
    onSuccess: setSetup,
    onError: (err) => void message.error(text(err)),
  });
  const enable = useMutation({
    mutationFn: (code: string) => call.operatorTwoFactorEnable({ code }),
    onSuccess: (done) => {
      setSetup(null);
      setCodes(done.recovery_codes);
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (code: string) => call.operatorTwoFactorDisable({ code: code.trim() }),
    onSuccess: () => {
      setDisabling(false);
      setOffCode('');
      void message.success(S.common.done);
      refresh();
    },
    onError: (err) => void message.error(text(err)),
  });

  const s = status.data;
  return (
    <Card title={S.twoFactor.title} loading={status.isLoading} data-testid="two-factor-card">
      {s && (
        <Flex vertical gap={12}>
          <TwoFactorState status={s} />
          <div>
            {!s.enabled && (
              <Button
                type="primary"
                loading={start.isPending}
                onClick={() => start.mutate()}
                data-testid="two-factor-on"
              >
                {S.twoFactor.turnOn}
              </Button>
            )}
            {s.enabled && !s.required && (
              <Button danger onClick={() => setDisabling(true)} data-testid="two-factor-off">
                {S.twoFactor.turnOff}
              </Button>
            )}
          </div>
        </Flex>
      )}
      <Modal
        open={setup !== null}
        title={S.twoFactor.title}
        footer={null}
        onCancel={() => setSetup(null)}
        destroyOnHidden
      >
        {setup && (
          <TwoFactorSetup
            {...setup}
            busy={enable.isPending}
            error={enable.error ? text(enable.error) : null}
            onCode={(code) => enable.mutate(code)}
          />
        )}
      </Modal>
      <Modal
        open={codes !== null}
        title={S.twoFactor.recoveryTitle}
        footer={null}
        closable={false}
        maskClosable={false}
      >
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Modal>
      <Modal
        open={disabling}
        title={S.twoFactor.turnOff}
        okText={S.twoFactor.turnOff}
        okButtonProps={{ danger: true, disabled: !offCode.trim() }}
        confirmLoading={disable.isPending}
        onOk={() => disable.mutate(offCode)}
        onCancel={() => setDisabling(false)}
      >
        <p>{S.twoFactor.offHint}</p>
        <Input
          value={offCode}
          onChange={(e) => setOffCode(e.target.value)}
          autoComplete="one-time-code"
          aria-label={S.login.code}
        />
      </Modal>
    </Card>
  );
}
