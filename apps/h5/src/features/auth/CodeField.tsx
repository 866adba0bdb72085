import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Scene } from '@hx/protocol';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useIsDemo } from '../config/queries.ts';
import { TID } from '../../testids.ts';
import { demoCode, sendCode, type CodeTarget } from './codes.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import './auth.css';

/**
 * The verification code row with its "Send code" button. In demo mode the code just sent is
 * shown under the field, read from the server's outbox.
 */
export function CodeField({
  value,
  onChange,
  target,
  scene,
  beforeSend,
  error,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  target: CodeTarget;
  scene: Scene;
  /** Checks the account first; false stops the sending. */
  beforeSend: () => Promise<boolean> | boolean;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const demo = useIsDemo();
  const [shownCode, setShownCode] = useState<string | null>(null);

  const send = async (): Promise<boolean> => {
    try {
      if (!(await beforeSend())) return false;
      await sendCode(target, scene);
    } catch {
      return false; // the client has shown why
    }
    Toast.show({ icon: 'success', content: t('auth.codeSent') });
    setShownCode(demo ? await demoCode(target, scene) : null);
    return true;
  };

  return (
    <>
      <FormRow label={t('auth.code')} error={error} extra={<SendCodeButton onSend={send} />}>
        <TextInput
          value={value}
          onChange={(v) => onChange(v.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('auth.codePlaceholder')}
          maxLength={6}
          testId={testId}
        />
      </FormRow>
      {shownCode && (
        <p className="hx-demo-code" data-testid={TID.demoCode}>
          {t('auth.demoCode', { code: shownCode })}
        </p>
      )}
    </>
  );
}
