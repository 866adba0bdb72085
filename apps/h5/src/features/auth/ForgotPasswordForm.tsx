import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { codeField, forgetBody } from '@hx/protocol';
import { isApiError } from '../../api/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { AccountFields } from './AccountFields.tsx';
import { CodeField } from './CodeField.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { resetPassword } from './queries.ts';
import { useAccountForm } from './useAccountForm.ts';
import { accountIssue, firstIssue, type FormIssue } from './validate.ts';

/**
 * Recover the password in two steps: prove the account with a code (step 1), then choose a new
 * password (step 2). The page owns the step, as its back button returns to step 1.
 */
export function ForgotPasswordForm({
  step,
  onStepChange,
  onDone,
}: {
  step: 1 | 2;
  onStepChange: (step: 1 | 2) => void;
  /** The password has been reset. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useAccountForm();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    if (!issue.inline) Toast.show({ content: issue.message });
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
    onStepChange(2);
  };

  const submit = async () => {
    const body = { ...form.fields(), code, password, re_password: confirm };
    const issue = firstIssue(forgetBody, body, locale);
    if (issue) return show(issue);
    setBusy(true);
    try {
      await resetPassword(body);
      Toast.show({ icon: 'success', content: t('forget.success') });
      onDone();
    } catch (error) {
      // A wrong or expired code is fixed on the first step.
      if (isApiError(error) && (error.code === 'CODE_INVALID' || error.code === 'CODE_REQUIRED')) {
        onStepChange(1);
        setErrors({ code: error.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-auth">
      <Steps step={step} />
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
          <NewPasswordFields
            password={password}
            onPassword={setPassword}
            confirm={confirm}
            onConfirm={setConfirm}
            errors={errors}
            labels={{ password: t('forget.newPassword'), confirm: t('forget.confirmPassword') }}
            testIds={{ password: TID.forget.password, confirm: TID.forget.confirm }}
            onEnter={submit}
          />
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
  );
}

/** Where the reset is: 1, the account and its code; 2, the new password. */
function Steps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <div className="hx-steps" aria-label={step === 1 ? t('forget.step1') : t('forget.step2')}>
      <span className={step === 1 ? 'hx-step hx-step--active' : 'hx-step'}>
        1. {t('forget.step1')}
      </span>
      <span className={step === 2 ? 'hx-step hx-step--active' : 'hx-step'}>
        2. {t('forget.step2')}
      </span>
    </div>
  );
}
