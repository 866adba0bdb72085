import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { AdminRole } from '@hx/contracts';
import { api, ApiError } from '../api/http.ts';
import { sessionStore } from '../api/session.ts';
import { S } from '../strings.ts';

/** Email and password of an operator account; a user's account cannot log in here. */
export default function Login() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { token, role } = await api.post<{ token: string; role: AdminRole }>(
        'admin/login',
        values,
      );
      sessionStore.set({ token, role, email: values.email.trim().toLowerCase() });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f5f7fa',
      }}
    >
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {S.login.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{S.login.hint}</Typography.Paragraph>
        {error && (
          <Alert
            type="error"
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        )}
        <Form layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
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
      </Card>
    </div>
  );
}
