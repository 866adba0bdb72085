import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { codeField, forgetBody } from '@hx/protocol';
import { isApiError } from '../../../api/errors.ts';
import { call } from '../../../api/call.ts';
import { FormRow } from '../../../components/FormRow.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { AccountFields } from '../../../features/auth/AccountFields.tsx';
import { CodeField } from '../../../features/auth/CodeField.tsx';
import { useAccountForm } from '../../../features/auth/useAccountForm.ts';
import { accountIssue, firstIssue, type FormIssue } from '../../../features/auth/validate.ts';
import { useLocale } from '../../../i18n/index.ts';
import { LOGIN_PATH } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../auth.css';

/**
 * Recover the password: prove the account with a code, then choose a new password. Every
 * session ends and the API keys are deleted (said above the button).
 */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAccountForm();
  // Opened from login in its place (history keeps one login page): back and done return there.
  const redirect = params.get('redirect');
  const toLogin = () =>
    navigate(redirect ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_PATH, {
      replace: true,
    });
  const [step, setStep] = useState<1 | 2>(1);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const checkAccount = () => {
    const issue = accountIssue(form.mode, form.account, locale);
    if (issue) show(issue);
    else setErrors({});
    return !issue;
  };

  const next = () => {
    const issue =
      accountIssue(form.mode, form.account, locale) ?? firstIssue(codeField, code, locale);
    if (issue) return show({ ...issue, field: issue.field || 'code' });
    setErrors({});
    setStep(2);
  };

  const submit = async () => {
    const body = { ...form.fields(), code, password, re_password: confirm };
    const issue = firstIssue(forgetBody, body, locale);
    if (issue) return show(issue);
    setBusy(true);
    try {
      await call('authResetPassword', body);
      Toast.show({ icon: 'success', content: t('forget.success') });
      void toLogin();
    } catch (error) {
      // A wrong or expired code is fixed on the first step.
      if (isApiError(error) && (error.code === 'CODE_INVALID' || error.code === 'CODE_REQUIRED')) {
        setStep(1);
        setErrors({ code: error.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame
      title={t('forget.title')}
      onBack={step === 2 ? () => setStep(1) : () => void toLogin()}
    >
      <div className="hx-auth">
        <div className="hx-steps" aria-label={step === 1 ? t('forget.step1') : t('forget.step2')}>
          <span className={step === 1 ? 'hx-step hx-step--active' : 'hx-step'}>
            1. {t('forget.step1')}
          </span>
          <span className={step === 2 ? 'hx-step hx-step--active' : 'hx-step'}>
            2. {t('forget.step2')}
          </span>
        </div>
        {step === 1 ? (
          <>
            <AccountFields
              form={form}
              errors={errors}
              onModeChange={() => setErrors({})}
              testId={TID.forget.account}
            />
            <CodeField
              value={code}
              onChange={setCode}
              target={form}
              scene="forget"
              beforeSend={checkAccount}
              error={errors.code}
              testId={TID.forget.code}
            />
            <Button
              block
              color="primary"
              size="large"
              className="hx-auth-submit"
              onClick={next}
              data-testid={TID.forget.next}
            >
              {t('common.next')}
            </Button>
          </>
        ) : (
          <>
            <FormRow label={t('forget.newPassword')} error={errors.password}>
              <PasswordInput
                value={password}
                onChange={setPassword}
                placeholder={t('auth.newPasswordPlaceholder')}
                autoComplete="new-password"
                testId={TID.forget.password}
              />
            </FormRow>
            <FormRow label={t('forget.confirmPassword')} error={errors.re_password}>
              <PasswordInput
                value={confirm}
                onChange={setConfirm}
                placeholder={t('auth.confirmPlaceholder')}
                autoComplete="new-password"
                testId={TID.forget.confirm}
                onEnter={submit}
              />
            </FormRow>
            <p className="hx-auth-sub" role="note">
              {t('forget.apiKeysNote')}
            </p>
            <Button
              block
              color="primary"
              size="large"
              className="hx-auth-submit"
              loading={busy}
              onClick={submit}
              data-testid={TID.forget.submit}
            >
              {t('forget.submit')}
            </Button>
          </>
        )}
      </div>
    </PageFrame>
  );
}
