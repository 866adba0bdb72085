import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withdrawBody } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { totpIssue, useTwoFactorOn } from '../two-factor/totp.ts';
import type { Missing } from './prerequisites.ts';
import { afterMoneyMoved } from './queries.ts';
import type { CoinDetail, NetworkLimits } from './types.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import { withdrawAmountIssue } from './withdrawIssue.ts';

/**
 * A withdrawal form's state: what is typed, the errors by field, the confirmation sheet, and
 * sending (only after Confirm; the detail page opens once it is in).
 */
export function useWithdrawForm({
  detail,
  destination,
  limits,
  missing,
}: {
  detail: CoinDetail | undefined;
  destination: { address_id?: number; bank_id?: number };
  limits: NetworkLimits | undefined;
  missing: readonly Missing[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const twoFactor = useTwoFactorOn();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const idempotency = useIdempotencyKey();

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const bodyOf = (coin: CoinDetail) => ({
    currency_id: coin.currency_id,
    ...destination,
    number: amount,
    pay_password: password,
    remark: remark.trim() || undefined,
    totp: twoFactor ? totp : undefined,
  });

  /** Every check of the form, then the sheet: nothing is sent before Confirm. */
  const submit = () => {
    if (!detail) return;
    const first = missing[0];
    if (first) return show({ field: 'form', message: first.message });
    const schema = firstIssue(withdrawBody, bodyOf(detail), locale);
    const issue =
      schema && schema.field !== 'pay_password'
        ? schema
        : (withdrawAmountIssue(detail, limits, amount, locale) ?? schema);
    if (issue) return show(issue);
    const code = twoFactor ? totpIssue(totp, locale, t) : null;
    if (code) return show(code);
    setErrors({});
    setConfirming(true);
  };

  const send = async () => {
    if (!detail) return;
    const body = bodyOf(detail);
    setBusy(true);
    try {
      const created = await call.withdrawRequest(body, {
        idempotencyKey: idempotency.keyFor(body),
      });
      idempotency.done();
      setConfirming(false);
      Toast.show({ icon: 'success', content: t('withdraw.submitted') });
      await afterMoneyMoved(queryClient);
      void navigate(`/pages/withdraw/detail?id=${created.id}`, { replace: true });
    } catch (error) {
      // The server's reason (a wrong fund password, a limit) shows on the form, sheet closed.
      setConfirming(false);
      if (error instanceof Error) setErrors({ form: error.message });
    } finally {
      setBusy(false);
    }
  };

  return {
    amount,
    setAmount,
    remark,
    setRemark,
    password,
    setPassword,
    totp,
    setTotp,
    twoFactor,
    errors,
    busy,
    confirming,
    submit,
    send: () => void send(),
    cancel: () => setConfirming(false),
  };
}
