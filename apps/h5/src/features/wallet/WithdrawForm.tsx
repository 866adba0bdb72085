import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withdrawBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { call } from '../../api/call.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { below, dailyLeft, exceeds, receiveOf, sumAmounts } from './amount.ts';
import { AmountField } from './AmountField.tsx';
import { FundPasswordField } from './FundPasswordField.tsx';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { totpIssue, useTwoFactorOn } from '../two-factor/totp.ts';
import type { Missing } from './prerequisites.ts';
import { afterMoneyMoved } from './queries.ts';
import type { CoinDetail } from './types.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import { WithdrawSheet, type WithdrawDestination } from './WithdrawSheet.tsx';
import { FormActions } from '../../components/FormActions.tsx';

/**
 * The part of a withdrawal both destinations share: amount (with the minimum, fee and what
 * arrives), remark, fund password, today's count, the network's limits (maximum per withdrawal,
 * daily amount, suspended) and the request itself, sent only after the confirmation sheet. The
 * page supplies the destination (a saved address or a bank card), its network, and what is
 * still missing.
 */
export function WithdrawForm({
  detail,
  destination,
  shown,
  network,
  missing,
}: {
  detail: CoinDetail | undefined;
  destination: { address_id?: number; bank_id?: number };
  /** The destination as the confirmation sheet repeats it. */
  shown: WithdrawDestination | undefined;
  /** The destination's network (BANK for a card): its limits apply. */
  network: string | undefined;
  /** Prerequisites the user has not met: the first one stops the request. */
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

  const coin = detail?.name ?? '';
  const decimals = detail?.decimals ?? 8;
  const available = detail?.accounts.currency.available;
  const fmt = (value: string | undefined) =>
    value === undefined ? '--' : floorFormat(value, decimals, locale);
  const receive = detail ? receiveOf(amount, detail.withdraw_fee, decimals) : null;
  const limits = detail?.network_limits?.find((n) => n.network === network);
  const left = limits ? dailyLeft(limits.withdraw_daily_amount, limits.withdrawn_today) : null;
  const plainOf = (value: string) => floorFormat(value, decimals, locale, { group: false });

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  /**
   * The amount against the network being open, the minimum, the network's maximum, the balance,
   * today's count and the network's daily amount (the server checks too).
   */
  const amountIssue = (): FormIssue | null => {
    if (!detail) return null;
    if (limits && !limits.withdraw_enabled)
      return { field: 'form', message: errorMessage('WITHDRAW_SUSPENDED', locale) };
    const min = plainOf(detail.withdraw_min);
    if (below(amount, detail.withdraw_min) || receive === null)
      return {
        field: 'number',
        message: errorMessage('WITHDRAW_BELOW_MIN', locale, { min, coin }),
      };
    if (limits?.withdraw_max && exceeds(amount, limits.withdraw_max))
      return {
        field: 'number',
        message: errorMessage('WITHDRAW_ABOVE_MAX', locale, {
          max: plainOf(limits.withdraw_max),
          coin,
        }),
      };
    if (available !== undefined && exceeds(amount, available))
      return { field: 'number', message: errorMessage('INSUFFICIENT_BALANCE', locale) };
    if (detail.withdrawals_today >= detail.withdrawals_per_day)
      return {
        field: 'form',
        message: errorMessage('WITHDRAW_DAILY_LIMIT', locale, {
          limit: detail.withdrawals_per_day,
        }),
      };
    if (
      limits?.withdraw_daily_amount &&
      left !== null &&
      exceeds(sumAmounts([limits.withdrawn_today, amount]), limits.withdraw_daily_amount)
    )
      return {
        field: 'number',
        message: errorMessage('WITHDRAW_DAILY_AMOUNT', locale, {
          limit: plainOf(limits.withdraw_daily_amount),
          coin,
          left: plainOf(left),
        }),
      };
    return null;
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
    const issue = schema && schema.field !== 'pay_password' ? schema : (amountIssue() ?? schema);
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
      const created = await call('withdrawRequest', body, {
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

  return (
    <>
      <AmountField
        value={amount}
        onChange={setAmount}
        decimals={decimals}
        coin={coin}
        available={available}
        error={errors.number}
        testId={TID.withdraw.amount}
        allTestId={TID.withdraw.all}
        hint={
          <>
            <span data-testid={TID.withdraw.available}>
              {t('money.availableAmount', { amount: fmt(available), coin })}
            </span>
            <span>{t('withdraw.min', { amount: fmt(detail?.withdraw_min), coin })}</span>
            {limits?.withdraw_max && (
              <span data-testid={TID.withdraw.max}>
                {t('withdraw.max', { amount: fmt(limits.withdraw_max), coin })}
              </span>
            )}
          </>
        }
      />
      <dl className="hx-summary">
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd data-testid={TID.withdraw.fee}>
            {fmt(detail?.withdraw_fee)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.receive')}</dt>
          <dd data-testid={TID.withdraw.receive}>
            {receive === null ? '--' : fmt(receive)} {coin}
          </dd>
        </div>
      </dl>
      <FormRow label={t('withdraw.remark')} error={errors.remark}>
        <TextInput
          value={remark}
          onChange={setRemark}
          maxLength={200}
          placeholder={t('withdraw.remarkPlaceholder')}
          testId={TID.withdraw.remark}
        />
      </FormRow>
      <FundPasswordField
        value={password}
        onChange={setPassword}
        error={errors.pay_password}
        testId={TID.withdraw.password}
      />
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={errors.totp}
          testId={TID.withdraw.totp}
        />
      )}
      <ul className="hx-notes">
        {limits && !limits.withdraw_enabled && (
          <li className="hx-note-warning" data-testid={TID.withdraw.suspended}>
            {errorMessage('WITHDRAW_SUSPENDED', locale)}
          </li>
        )}
        <li>{t('withdraw.arrival')}</li>
        <li data-testid={TID.withdraw.today}>
          {t('withdraw.today', {
            used: detail?.withdrawals_today ?? 0,
            limit: detail?.withdrawals_per_day ?? 3,
          })}
        </li>
        {limits?.withdraw_daily_amount && (
          <li data-testid={TID.withdraw.dailyAmount}>
            {t('withdraw.dailyAmount', {
              network: limits.network,
              used: fmt(limits.withdrawn_today),
              limit: fmt(limits.withdraw_daily_amount),
              coin,
            })}
          </li>
        )}
      </ul>
      <FormActions
        error={errors.form ?? errors.address_id ?? errors.bank_id}
        errorTestId={TID.withdraw.error}
        busy={busy}
        label={t('withdraw.submit')}
        onSubmit={submit}
        submitTestId={TID.withdraw.submit}
      />
      <WithdrawSheet
        open={confirming}
        destination={shown}
        amount={`${fmt(amount)} ${coin}`}
        fee={`${fmt(detail?.withdraw_fee)} ${coin}`}
        receive={`${receive === null ? '--' : fmt(receive)} ${coin}`}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
