import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { registerBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { useRegister } from '../session/queries.ts';
import { isRegistered } from './queries.ts';
import { useAccountForm } from './useAccountForm.ts';
import { accountIssue, firstIssue, type FormIssue } from './validate.ts';

/**
 * Registering's state: the account, code, password twice, invite code and agreement, the errors
 * by field, and the request (checked first; `onDone` once the session has started).
 */
export function useRegisterForm(initialInvite: string, onDone: () => void) {
  const { t } = useTranslation();
  const locale = useLocale();
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

  return {
    form,
    code,
    setCode,
    password,
    setPassword,
    confirm,
    setConfirm,
    invite,
    setInvite,
    agreed,
    setAgreed,
    agreementOpen,
    setAgreementOpen,
    errors,
    setErrors,
    busy: register.isPending,
    checkAccount,
    submit,
  };
}
