import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transferBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import type { SubAccountName } from './accounts.ts';
import { exceeds } from './amount.ts';
import { afterMoneyMoved, coinDetailQuery, transferFunds } from './queries.ts';
import { useCoinChoice } from './useCoinChoice.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';

/**
 * A transfer's state: the two accounts (picking one side's account on the other swaps them),
 * the coin, the amount and its error, and the transfer itself.
 */
export function useTransferForm(initialFrom: SubAccountName, initialTo: SubAccountName) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState<SubAccountName>(initialFrom);
  const [to, setTo] = useState<SubAccountName>(initialTo);
  const { coin, coins, setCoinId } = useCoinChoice();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const detail = useQuery(coinDetailQuery(coin?.currency_id ?? 0));
  const available = detail.data?.accounts[from].available;

  const choose = (side: 'from' | 'to', name: SubAccountName) => {
    // Picking the other side's account swaps the two.
    const [mine, other, setMine, setOther] =
      side === 'from' ? [from, to, setFrom, setTo] : [to, from, setTo, setFrom];
    if (name === other) setOther(mine);
    setMine(name);
    setErrors({});
  };

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const submit = async () => {
    if (!coin) return;
    const body = { from, to, currency_id: coin.currency_id, number: amount };
    const issue =
      firstIssue(transferBody, body, locale) ??
      (available !== undefined && exceeds(amount, available)
        ? { field: 'number', message: errorMessage('INSUFFICIENT_BALANCE', locale) }
        : null);
    if (issue) return show(issue);
    setErrors({});
    setBusy(true);
    try {
      await transferFunds(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({ icon: 'success', content: t('transfer.success') });
      setAmount('');
      await afterMoneyMoved(queryClient);
    } catch (error) {
      if (error instanceof Error) setErrors({ number: error.message });
      // The balance may have changed elsewhere: show it as it is now.
      void afterMoneyMoved(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return {
    from,
    to,
    coin,
    coins,
    amount,
    setAmount,
    errors,
    busy,
    available,
    decimals: coin?.decimals ?? 8,
    choose,
    swap: () => {
      setFrom(to);
      setTo(from);
    },
    chooseCoin: (id: number) => {
      setCoinId(id);
      setAmount('');
      setErrors({});
    },
    submit,
  };
}
