import type { FormIssue } from '../auth/validate.ts';
import { errorMessage } from '../../i18n/errors.ts';
import type { Locale } from '@hx/protocol';
import { floorFormat } from '../../lib/number.ts';
import { below, dailyLeft, exceeds, receiveOf, sumAmounts } from './amount.ts';
import type { CoinDetail, NetworkLimits } from './types.ts';

/**
 * A withdrawal's amount against the network being open, the minimum, the network's maximum,
 * the balance, today's count and the network's daily amount (the server checks too).
 */
export function withdrawAmountIssue(
  detail: CoinDetail,
  limits: NetworkLimits | undefined,
  amount: string,
  locale: Locale,
): FormIssue | null {
  const coin = detail.name;
  const plainOf = (value: string) => floorFormat(value, detail.decimals, locale, { group: false });
  const available = detail.accounts.currency.available;
  if (limits && !limits.withdraw_enabled)
    return { field: 'form', message: errorMessage('WITHDRAW_SUSPENDED', locale) };
  const min = plainOf(detail.withdraw_min);
  if (
    below(amount, detail.withdraw_min) ||
    receiveOf(amount, detail.withdraw_fee, detail.decimals) === null
  )
    return { field: 'number', message: errorMessage('WITHDRAW_BELOW_MIN', locale, { min, coin }) };
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
      message: errorMessage('WITHDRAW_DAILY_LIMIT', locale, { limit: detail.withdrawals_per_day }),
    };
  const left = limits ? dailyLeft(limits.withdraw_daily_amount, limits.withdrawn_today) : null;
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
}
