import { useState } from 'react';
import { Alert, Button, Flex, Input, QRCode, Space, Typography } from 'antd';
import { S } from '../strings.ts';

/** The QR code and the secret of a new authenticator, and the field for its first code. */
export function TwoFactorSetup({
  secret,
  otpauth,
  busy,
  error,
  onCode,
}: {
  secret: string;
  otpauth: string;
  busy: boolean;
  error: string | null;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const ready = /^\d{6}$/.test(code);
  return (
    <Flex vertical gap={12} align="center">
      <Typography.Text type="secondary">{S.twoFactor.scan}</Typography.Text>
      <QRCode value={otpauth} size={184} bordered data-testid="totp-qr" />
      <div style={{ width: '100%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {S.twoFactor.secret}
        </Typography.Text>
        <Typography.Paragraph
          copyable
          code
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid="totp-secret"
        >
          {secret}
        </Typography.Paragraph>
      </div>
      {error && (
        <Alert type="error" title={error} style={{ width: '100%' }} data-testid="totp-error" />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPressEnter={() => ready && onCode(code)}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          aria-label={S.login.code}
          data-testid="totp-code"
        />
        <Button
          type="primary"
          disabled={!ready}
          loading={busy}
          onClick={() => onCode(code)}
          data-testid="totp-confirm"
        >
          {S.twoFactor.confirm}
        </Button>
      </Space.Compact>
    </Flex>
  );
}

/** The recovery codes, shown once after 2FA is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={S.twoFactor.recoveryHint} />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 8,
          padding: 12,
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          fontFamily: 'monospace',
          fontSize: 15,
        }}
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? S.twoFactor.copied : S.twoFactor.copy}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-done">
          {S.twoFactor.saved}
        </Button>
      </Flex>
    </Flex>
  );
}
