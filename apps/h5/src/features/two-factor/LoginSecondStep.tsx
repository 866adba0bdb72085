import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { TID } from '../../testids.ts';
import { CodeField } from '../auth/CodeField.tsx';
import type { CodeTarget } from '../auth/codes.ts';
import { useLoginSecondStep } from '../session/queries.ts';
import { SecondFactorInput } from './SecondFactorInput.tsx';
import { secondFactorIssue } from './totp.ts';

/**
 * The login's second step, after a right password of an account with an authenticator: its
 * code, or a recovery code. A ticket that ran out (5 minutes, 3 tries) goes back to the
 * password with the server's words. After many wrong codes for the account (from anyone who has
 * the password) the server asks for a code sent to the account too: its field appears.
 */
export function LoginSecondStep({
  ticket,
  account,
  onDone,
  onRestart,
}: {
  ticket: string;
  /** The account the password was for: where the extra code goes. */
  account: CodeTarget;
  onDone: () => void;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const step = useLoginSecondStep();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [needAccountCode, setNeedAccountCode] = useState(false);
  const [accountCode, setAccountCode] = useState('');

  const submit = () => {
    const issue = secondFactorIssue(code, recovery, t);
    if (issue) {
      setError(issue.message);
      Toast.show({ content: issue.message });
      return;
    }
    setError(undefined);
    step.mutate(
      { ticket, code: code.trim(), ...(needAccountCode ? { account_code: accountCode } : {}) },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'LOGIN_TICKET_INVALID')
            onRestart(failure.message);
          else setError(failure.message);
          if (isApiError(failure) && failure.code === 'TWO_FACTOR_ACCOUNT_CODE_REQUIRED')
            setNeedAccountCode(true);
        },
      },
    );
  };

  return (
    <>
      <h2 className="hx-auth-heading">{t('twoFactor.loginHeading')}</h2>
      <p className="hx-auth-sub hx-second-factor-hint">
        {recovery ? t('twoFactor.loginRecoveryHint') : t('twoFactor.loginHint')}
      </p>
      <SecondFactorInput
        value={code}
        onChange={setCode}
        recovery={recovery}
        onRecoveryChange={setRecovery}
        error={error}
        testIds={TID.login.secondFactor}
        onEnter={submit}
        autoFocus
      />
      {needAccountCode && (
        <CodeField
          value={accountCode}
          onChange={setAccountCode}
          target={account}
          scene="login"
          beforeSend={() => true}
          testId={TID.login.secondFactor.accountCode}
        />
      )}
      <Button
        block
        color="primary"
        size="large"
        className="hx-auth-submit"
        loading={step.isPending}
        onClick={submit}
        data-testid={TID.login.secondFactor.submit}
      >
        {t('twoFactor.verify')}
      </Button>
      <div className="hx-auth-links hx-auth-links--center">
        <button
          type="button"
          className="hx-link-button"
          onClick={() => onRestart()}
          data-testid={TID.login.secondFactor.back}
        >
          {t('twoFactor.backToPassword')}
        </button>
      </div>
    </>
  );
}
