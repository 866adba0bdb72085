import { useState } from 'react';
import { Button, Checkbox, Toast } from 'antd-mobile';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useAppName } from '../config/queries.ts';
import { useRegister } from '../session/queries.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { AccountFields } from './AccountFields.tsx';
import { AgreementPopup } from './AgreementPopup.tsx';
import { CodeField } from './CodeField.tsx';
import { isRegistered } from './queries.ts';
import { useAccountForm } from './useAccountForm.ts';
import { accountIssue, firstIssue, type FormIssue } from './validate.ts';

/**
 * Open an account: the account proved with a code, a password, an optional invite code and the
 * user agreement. The session starts on success.
 */
export function RegisterForm({
  invite: initialInvite,
  redirect,
  onDone,
}: {
  /** The invite code the form starts with. */
  invite: string;
  /** Where login would return to, kept on the link to it. */
  redirect: string | null;
  /** Registered: the session has started. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const appName = useAppName();
  const form = useAccountForm();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invite, setInvite] = useState(initialInvite);
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const register = useRegister();

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    if (!issue.inline) Toast.show({ content: issue.message });
  };

  /** Before a code is sent: a valid account that is not registered yet. */
  const checkAccount = async (): Promise<boolean> => {
    const issue = accountIssue(form.mode, form.account, locale);
    if (issue) {
      show(issue);
      return false;
    }
    if (await isRegistered(form.fields())) {
      show({ field: 'account', message: errorMessage('ACCOUNT_EXISTS', locale) });
      return false;
    }
    setErrors({});
    return true;
  };

  const submit = () => {
    const body = {
      ...form.fields(),
      code: code.trim(),
      password,
      re_password: confirm,
      agree: agreed ? '1' : '',
      invite_code: invite.trim() || undefined,
    };
    // The agreement is checked last, as it is the last thing on the form.
    const issue =
      accountIssue(form.mode, form.account, locale) ??
      firstIssue(registerBody, { ...body, agree: '1' }, locale) ??
      (agreed ? null : { field: 'agree', message: errorMessage('AGREEMENT_REQUIRED', locale) });
    if (issue) return show(issue);
    setErrors({});
    register.mutate(body, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('register.success') });
        onDone();
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };

  return (
    <>
      <div className="hx-auth">
        <h2 className="hx-auth-heading">{t('register.heading')}</h2>
        <p className="hx-auth-sub">{appName}</p>
        <AccountFields
          form={form}
          errors={errors}
          onModeChange={() => setErrors({})}
          testId={TID.register.account}
        />
        <CodeField
          value={code}
          onChange={setCode}
          target={form}
          scene="register"
          beforeSend={checkAccount}
          error={errors.code}
          testId={TID.register.code}
        />
        <FormRow label={t('auth.password')} error={errors.password}>
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            testId={TID.register.password}
          />
        </FormRow>
        <FormRow label={t('auth.confirmPassword')} error={errors.re_password}>
          <PasswordInput
            value={confirm}
            onChange={setConfirm}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            testId={TID.register.confirm}
          />
        </FormRow>
        <FormRow label={t('register.invite')} error={errors.invite_code}>
          <TextInput
            value={invite}
            onChange={setInvite}
            placeholder={t('register.invitePlaceholder')}
            autoCapitalize="characters"
            maxLength={32}
            testId={TID.register.invite}
          />
        </FormRow>
        <div className={errors.agree ? 'hx-agree hx-agree--error' : 'hx-agree'}>
          <Checkbox checked={agreed} onChange={setAgreed} data-testid={TID.register.agree}>
            <Trans
              i18nKey="register.agree"
              components={{
                doc: (
                  <button
                    type="button"
                    className="hx-link-button"
                    onClick={(event) => {
                      // Opening the agreement does not tick the box.
                      event.preventDefault();
                      setAgreementOpen(true);
                    }}
                    data-testid={TID.register.agreementLink}
                  />
                ),
              }}
            />
          </Checkbox>
        </div>
        {(errors.form ?? errors.agree) && (
          <div className="hx-form-error" role="alert" data-testid={TID.register.error}>
            {errors.form ?? errors.agree}
          </div>
        )}
        <Button
          block
          color="primary"
          size="large"
          className="hx-auth-submit"
          loading={register.isPending}
          onClick={submit}
          data-testid={TID.register.submit}
        >
          {t('register.submit')}
        </Button>
        <div className="hx-auth-links hx-auth-links--center">
          <span>
            {t('register.haveAccount')}{' '}
            <Link
              to={
                redirect
                  ? `/pages/user/login/login?redirect=${encodeURIComponent(redirect)}`
                  : '/pages/user/login/login'
              }
              replace
            >
              {t('register.login')}
            </Link>
          </span>
        </div>
      </div>
      <AgreementPopup open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </>
  );
}
