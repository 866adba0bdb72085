import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { call } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { sessionStore, type Session } from '../api/session.ts';
import { S } from '../strings.ts';
import { RecoveryCodes, TwoFactorSetup } from '../components/TwoFactorSetup.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string }
  | { kind: 'setup'; ticket: string; secret: string; otpauth: string }
  | { kind: 'recovery'; codes: string[]; session: Session };

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/**
 * Email and password of an operator account, then the authenticator: a code when it is on, or
 * its setup where it is required and missing (production), with the recovery codes shown once.
 */
export default function Login() {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [demo, setDemo] = useState(false);

  useEffect(() => {
    void call
      .configHealth()
      .then((h) => setDemo(h.mode === 'demo'))
      .catch(() => undefined);
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(message(err));
      // A ticket that expired or ran out of tries: start again from the password.
      if (err instanceof ApiError && err.code === 'LOGIN_TICKET_INVALID')
        setStep({ kind: 'password' });
    } finally {
      setBusy(false);
    }
  };

  const withPassword = (values: { email: string; password: string }) =>
    run(async () => {
      const who = values.email.trim().toLowerCase();
      setEmail(who);
      const answer = await call.operatorLogin(values);
      if (answer.token && answer.role)
        return sessionStore.set({ token: answer.token, role: answer.role, email: who });
      if (answer.need_2fa && answer.ticket) return setStep({ kind: 'code', ticket: answer.ticket });
      if (answer.need_2fa_setup && answer.ticket) {
        const ticket = answer.ticket;
        const setup = await call.operatorLoginTwoFactorSetup({ ticket });
        setStep({ kind: 'setup', ticket, ...setup });
      }
    });

  const withCode = (ticket: string, code: string) =>
    run(async () => {
      const { token, role } = await call.operatorLoginTwoFactor({ ticket, code: code.trim() });
      sessionStore.set({ token, role, email });
    });

  const enrol = (ticket: string, code: string) =>
    run(async () => {
      const done = await call.operatorLoginTwoFactorEnable({ ticket, code });
      setStep({
        kind: 'recovery',
        codes: done.recovery_codes,
        session: { token: done.token, role: done.role, email },
      });
    });

  let title: string = S.login.title;
  let body: ReactNode;
  if (step.kind === 'password') {
    body = <PasswordStep error={error} busy={busy} onSubmit={(v) => void withPassword(v)} />;
  } else if (step.kind === 'code') {
    body = (
      <CodeStep
        error={error}
        busy={busy}
        onCode={(code) => void withCode(step.ticket, code)}
        onBack={() => setStep({ kind: 'password' })}
      />
    );
  } else if (step.kind === 'setup') {
    title = S.login.setupTitle;
    body = (
      <>
        <Typography.Paragraph type="secondary">{S.login.setupHint}</Typography.Paragraph>
        <TwoFactorSetup
          secret={step.secret}
          otpauth={step.otpauth}
          busy={busy}
          error={error}
          onCode={(code) => void enrol(step.ticket, code)}
        />
      </>
    );
  } else {
    title = S.twoFactor.recoveryTitle;
    body = <RecoveryCodes codes={step.codes} onDone={() => sessionStore.set(step.session)} />;
  }

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f5f7fa',
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <Card
        style={{
          width: '100%',
          maxWidth: step.kind === 'password' || step.kind === 'code' ? 380 : 440,
        }}
      >
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {body}
        {demo && step.kind === 'password' && (
          <Alert
            type="warning"
            showIcon
            title={S.login.demoNotice}
            description={S.login.demoNoticeHint}
            style={{ marginTop: 16 }}
            data-testid="demo-2fa-notice"
          />
        )}
      </Card>
    </div>
  );
}

function Failure({ text }: { text: string }) {
  return <Alert type="error" title={text} style={{ marginBottom: 16 }} data-testid="login-error" />;
}

interface StepProps {
  error: string | null;
  busy: boolean;
}

/** The operator's email and password. */
function PasswordStep({
  error,
  busy,
  onSubmit,
}: StepProps & { onSubmit: (values: { email: string; password: string }) => void }) {
  return (
    <>
      <Typography.Paragraph type="secondary">{S.login.hint}</Typography.Paragraph>
      {error && <Failure text={error} />}
      <Form layout="vertical" onFinish={onSubmit} requiredMark={false}>
        <Form.Item name="email" label={S.login.email} rules={[{ required: true }]}>
          <Input autoComplete="username" autoFocus data-testid="login-email" />
        </Form.Item>
        <Form.Item name="password" label={S.login.password} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {S.login.submit}
        </Button>
      </Form>
    </>
  );
}

/** The authenticator's code (or a recovery code), after the password. */
function CodeStep({
  error,
  busy,
  onCode,
  onBack,
}: StepProps & { onCode: (code: string) => void; onBack: () => void }) {
  return (
    <>
      <Typography.Paragraph type="secondary">{S.login.codeHint}</Typography.Paragraph>
      {error && <Failure text={error} />}
      <Form
        layout="vertical"
        onFinish={(v: { code: string }) => onCode(v.code)}
        requiredMark={false}
      >
        <Form.Item name="code" label={S.login.code} rules={[{ required: true }]}>
          <Input autoComplete="one-time-code" autoFocus maxLength={32} data-testid="login-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-verify">
          {S.login.verify}
        </Button>
        <Button type="link" block onClick={onBack}>
          {S.login.back}
        </Button>
      </Form>
    </>
  );
}
