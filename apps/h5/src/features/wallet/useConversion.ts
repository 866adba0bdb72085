import { useEffect, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { exchangeBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { exceeds, isPositiveAmount } from './amount.ts';
import { confirmConversion } from './conversionQuote.tsx';
import {
  afterMoneyMoved,
  coinDetailQuery,
  exchangeCoins,
  exchangeQuoteKey,
  fetchExchangeQuote,
  type ExchangeRequest,
} from './queries.ts';
import { useCoinChoice } from './useCoinChoice.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';

const DEBOUNCE_MS = 400;
const REFRESH_MS = 10_000;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A conversion's state: the two coins (picking one side's coin on the other swaps them), the
 * amount, a live quote once the amount has settled, and converting after the confirmation.
 */
export function useConversion() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { coin: from, coins, setCoinId: setFromId } = useCoinChoice();
  const [toId, setToId] = useState<number | null>(null);
  const to =
    coins.find((c) => c.currency_id === toId && c !== from) ??
    coins.find((c) => c.name === 'BTC' && c !== from) ??
    coins.find((c) => c !== from);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const fromDetail = useQuery(coinDetailQuery(from?.currency_id ?? 0));
  const toDetail = useQuery(coinDetailQuery(to?.currency_id ?? 0));
  const available = fromDetail.data?.accounts.currency.available;
  const toAvailable = toDetail.data?.accounts.currency.available;

  const settled = useDebounced(amount, DEBOUNCE_MS);
  const request: ExchangeRequest | null =
    from && to && isPositiveAmount(settled)
      ? { from_currency_id: from.currency_id, to_currency_id: to.currency_id, number: settled }
      : null;
  const quote = useQuery({
    queryKey: exchangeQuoteKey(request),
    queryFn: ({ signal }) => fetchExchangeQuote(request!, signal, false),
    enabled: request !== null,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const quoteError = request && quote.isError ? quote.error.message : undefined;
  const insufficient =
    available !== undefined && exceeds(amount, available)
      ? errorMessage('INSUFFICIENT_BALANCE', locale)
      : undefined;

  const choose = (side: 'from' | 'to', id: number) => {
    if (!from || !to) return;
    // Picking the other side's coin swaps the two.
    const [mine, other] = side === 'from' ? [from, to] : [to, from];
    const [setMine, setOther] = side === 'from' ? [setFromId, setToId] : [setToId, setFromId];
    if (id === other.currency_id) setOther(mine.currency_id);
    setMine(id);
    if (side === 'from') setAmount('');
    setErrors({});
  };
  const swap = () => {
    if (!from || !to) return;
    setFromId(to.currency_id);
    setToId(from.currency_id);
    setAmount('');
    setErrors({});
  };

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const submit = async () => {
    if (!from || !to) return;
    const body = {
      from_currency_id: from.currency_id,
      to_currency_id: to.currency_id,
      number: amount,
    };
    const issue =
      firstIssue(exchangeBody, body, locale) ??
      (insufficient ? { field: 'number', message: insufficient } : null);
    if (issue) return show(issue);
    setErrors({});
    setBusy(true);
    try {
      // The confirmation repeats a quote asked for now, which the page shows too.
      const fresh = await queryClient.fetchQuery({
        queryKey: exchangeQuoteKey(body),
        queryFn: ({ signal }) => fetchExchangeQuote(body, signal, true),
        staleTime: 0,
        retry: false,
      });
      const minReceive = await confirmConversion(fresh, from, to, t, locale);
      if (minReceive === null) return;
      const order = { ...body, min_to_number: minReceive };
      const done = await exchangeCoins(order, idempotency.keyFor(order));
      idempotency.done();
      Toast.show({
        icon: 'success',
        content: t('conversion.success', {
          amount: `${floorFormat(done.to_number, to.decimals, locale)} ${to.name}`,
        }),
      });
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
    coins,
    amount,
    setAmount: (value: string) => {
      setAmount(value);
      setErrors({});
    },
    errors,
    busy,
    available,
    toAvailable,
    request,
    quote,
    quoteError,
    insufficient,
    /** The live quote is behind what is typed. */
    stale: amount !== settled || (quote.isFetching && !quote.data),
    choose,
    swap,
    submit,
  };
}
