import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginBody } from '@hx/protocol';
import { FormRow } from '../../../components/FormRow.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { isApiError } from '../../../api/errors.ts';
import { useSessionRefused } from '../../../api/session-store.ts';
import { AccountFields } from '../../../features/auth/AccountFields.tsx';
import { CodeField } from '../../../features/auth/CodeField.tsx';
import { useAccountForm } from '../../../features/auth/useAccountForm.ts';
import { accountIssue, firstIssue } from '../../../features/auth/validate.ts';
import { useAppName } from '../../../features/config/queries.ts';
import { useLogin } from '../../../features/session/queries.ts';
import { LoginSecondStep } from '../../../features/two-factor/LoginSecondStep.tsx';
import { PasskeyLogin } from '../../../features/passkeys/PasskeyLogin.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { safeRedirect } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../auth.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const appName = useAppName();
  const form = useAccountForm();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Set when the password was right and the account's authenticator must confirm.
  const [ticket, setTicket] = useState<string | null>(null);
  // Set when the account has had too many wrong passwords: a code to it must come too.
  const [needCode, setNeedCode] = useState(false);
  const [code, setCode] = useState('');
  const login = useLogin();
  // The server refused the session this device had (it expired, or was ended elsewhere).
  const expired = useSessionRefused();
  const redirect = params.get('redirect');
  const withRedirect = (path: string) =>
    redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

  const loggedIn = () => {
    Toast.show({ icon: 'success', content: t('login.success') });
    void navigate(safeRedirect(redirect), { replace: true });
  };

  const submit = () => {
    const body = { ...form.fields(), password, ...(needCode ? { code } : {}) };
    const issue =
      accountIssue(form.mode, form.account, locale) ?? firstIssue(loginBody, body, locale);
    if (issue) {
      setErrors({ [issue.field]: issue.message });
      Toast.show({ content: issue.message });
      return;
    }
    setErrors({});
    login.mutate(body, {
      onSuccess: (answer) => {
        if ('need_2fa' in answer) setTicket(answer.ticket);
        else loggedIn();
      },
      // The client has toasted the server's message; it stays beside the form too.
      onError: (error) => {
        if (isApiError(error) && error.code === 'LOGIN_CODE_REQUIRED') setNeedCode(true);
        setErrors({ form: error.message });
      },
    });
  };

  if (ticket)
    return (
      <SecondStep
        ticket={ticket}
        account={form}
        onDone={loggedIn}
        onRestart={(message) => {
          setTicket(null);
          setPassword('');
          setErrors(message ? { form: message } : {});
        }}
      />
    );

  return (
    <PageFrame title={t('login.title')}>
      <div className="hx-auth">
        <h2 className="hx-auth-heading">{t('login.heading')}</h2>
        <p className="hx-auth-sub">{appName}</p>
        {expired && (
          <div className="hx-auth-notice" role="status" data-testid={TID.login.expired}>
            {t('login.sessionExpired')}
          </div>
        )}
        <AccountFields
          form={form}
          errors={errors}
          onModeChange={() => setErrors({})}
          testId={TID.login.account}
        />
        <FormRow label={t('auth.password')} error={errors.password}>
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder={t('auth.passwordPlaceholder')}
            testId={TID.login.password}
            toggleTestId={TID.login.passwordToggle}
            onEnter={submit}
          />
        </FormRow>
        {needCode && (
          <CodeField
            value={code}
            onChange={setCode}
            target={form}
            scene="login"
            beforeSend={() => {
              const issue = accountIssue(form.mode, form.account, locale);
              if (issue) setErrors({ [issue.field]: issue.message });
              return !issue;
            }}
            error={errors.code}
            testId={TID.login.code}
          />
        )}
        {errors.form && (
          <div className="hx-form-error" role="alert" data-testid={TID.login.error}>
            {errors.form}
          </div>
        )}
        <Button
          block
          color="primary"
          size="large"
          className="hx-auth-submit"
          loading={login.isPending}
          onClick={submit}
          data-testid={TID.login.submit}
        >
          {t('login.submit')}
        </Button>
        <PasskeyLogin onDone={loggedIn} />
        <AuthLinks withRedirect={withRedirect} />
      </div>
    </PageFrame>
  );
}

/** Forgot password, and registering, keeping where login returns to. */
function AuthLinks({ withRedirect }: { withRedirect: (path: string) => string }) {
  const { t } = useTranslation();
  return (
    <div className="hx-auth-links">
      <Link
        to={withRedirect('/pages/user/login/forgetPassword')}
        replace
        data-testid={TID.login.toForget}
      >
        {t('login.forgot')}
      </Link>
      <span>
        {t('login.noAccount')}{' '}
        <Link
          to={withRedirect('/pages/user/login/register')}
          replace
          data-testid={TID.login.toRegister}
        >
          {t('login.register')}
        </Link>
      </span>
    </div>
  );
}

/** The password was right: the account's authenticator confirms, or login starts again. */
function SecondStep(props: Parameters<typeof LoginSecondStep>[0]) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('login.title')}>
      <div className="hx-auth">
        <LoginSecondStep {...props} />
      </div>
    </PageFrame>
  );
}
