import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { receiveOf } from './amount.ts';
import { AmountField } from './AmountField.tsx';
import { FundPasswordField } from './FundPasswordField.tsx';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import type { Missing } from './prerequisites.ts';
import type { CoinDetail, NetworkLimits } from './types.ts';
import { useWithdrawForm } from './useWithdrawForm.ts';
import { WithdrawSheet, type WithdrawDestination } from './WithdrawSheet.tsx';
import { networkName } from './networkName.ts';

/**
 * The part of a withdrawal both destinations share: amount (with the minimum, fee and what
 * arrives), remark, fund password, today's count, the network's limits (maximum per withdrawal,
 * daily amount, suspended) and the request itself, sent only after the confirmation sheet. The
 * page supplies the destination (a saved address or a bank card), its network, and what is
 * still missing. Its state and the request are in useWithdrawForm.ts.
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
  const limits = detail?.network_limits?.find((n) => n.network === network);
  const form = useWithdrawForm({ detail, destination, limits, missing });
  const { errors } = form;
  const coin = detail?.name ?? '';
  const decimals = detail?.decimals ?? 8;
  const available = detail?.accounts.currency.available;
  const fmt = (value: string | undefined) =>
    value === undefined ? '--' : floorFormat(value, decimals, locale);
  const receive = detail ? receiveOf(form.amount, detail.withdraw_fee, decimals) : null;

  return (
    <>
      <AmountField
        value={form.amount}
        onChange={form.setAmount}
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
          value={form.remark}
          onChange={form.setRemark}
          maxLength={200}
          placeholder={t('withdraw.remarkPlaceholder')}
          testId={TID.withdraw.remark}
        />
      </FormRow>
      <FundPasswordField
        value={form.password}
        onChange={form.setPassword}
        error={errors.pay_password}
        testId={TID.withdraw.password}
      />
      {form.twoFactor && (
        <AuthenticatorField
          value={form.totp}
          onChange={form.setTotp}
          error={errors.totp}
          testId={TID.withdraw.totp}
        />
      )}
      <WithdrawNotes detail={detail} limits={limits} fmt={fmt} />
      <FormActions
        error={errors.form ?? errors.address_id ?? errors.bank_id}
        errorTestId={TID.withdraw.error}
        busy={form.busy}
        label={t('withdraw.submit')}
        onSubmit={form.submit}
        submitTestId={TID.withdraw.submit}
      />
      <WithdrawSheet
        open={form.confirming}
        destination={shown && { ...shown, network: networkName(coin, shown.network) }}
        amount={`${fmt(form.amount)} ${coin}`}
        fee={`${fmt(detail?.withdraw_fee)} ${coin}`}
        receive={`${receive === null ? '--' : fmt(receive)} ${coin}`}
        busy={form.busy}
        onConfirm={form.send}
        onCancel={form.cancel}
      />
    </>
  );
}

/** When it arrives, today's count, the network's daily amount, or that it is suspended. */
function WithdrawNotes({
  detail,
  limits,
  fmt,
}: {
  detail: CoinDetail | undefined;
  limits: NetworkLimits | undefined;
  fmt: (value: string | undefined) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
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
            coin: detail?.name ?? '',
          })}
        </li>
      )}
    </ul>
  );
}
