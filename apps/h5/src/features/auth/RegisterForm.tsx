import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgreeCheckbox } from '../../components/AgreeCheckbox.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useAppName } from '../config/queries.ts';
import { TID } from '../../testids.ts';
import { AccountFields } from './AccountFields.tsx';
import { AgreementPopup } from './AgreementPopup.tsx';
import { CodeField } from './CodeField.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useRegisterForm } from './useRegisterForm.ts';

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
  const appName = useAppName();
  const r = useRegisterForm(initialInvite, onDone);
  const { form, errors } = r;

  return (
    <>
      <div className="hx-auth">
        <h2 className="hx-auth-heading">{t('register.heading')}</h2>
        <p className="hx-auth-sub">{appName}</p>
        <AccountFields
          form={form}
          errors={errors}
          onModeChange={() => r.setErrors({})}
          testId={TID.register.account}
        />
        <CodeField
          value={r.code}
          onChange={r.setCode}
          target={form}
          scene="register"
          beforeSend={r.checkAccount}
          error={errors.code}
          testId={TID.register.code}
        />
        <NewPasswordFields
          password={r.password}
          onPassword={r.setPassword}
          confirm={r.confirm}
          onConfirm={r.setConfirm}
          errors={errors}
          labels={{ password: t('auth.password'), confirm: t('auth.confirmPassword') }}
          testIds={{ password: TID.register.password, confirm: TID.register.confirm }}
        />
        <FormRow label={t('register.invite')} error={errors.invite_code}>
          <TextInput
            value={r.invite}
            onChange={r.setInvite}
            placeholder={t('register.invitePlaceholder')}
            autoCapitalize="characters"
            maxLength={32}
            testId={TID.register.invite}
          />
        </FormRow>
        <AgreeCheckbox
          text="register.agree"
          checked={r.agreed}
          onChange={r.setAgreed}
          missing={Boolean(errors.agree)}
          onOpen={() => r.setAgreementOpen(true)}
          testIds={{ box: TID.register.agree, link: TID.register.agreementLink }}
        />
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
          loading={r.busy}
          onClick={r.submit}
          data-testid={TID.register.submit}
        >
          {t('register.submit')}
        </Button>
        <LoginLink redirect={redirect} />
      </div>
      <AgreementPopup open={r.agreementOpen} onClose={() => r.setAgreementOpen(false)} />
    </>
  );
}

/** For someone who has an account: login, keeping where it would return to. */
function LoginLink({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  return (
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
  );
}
