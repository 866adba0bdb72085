import { useEffect, useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { CONVERSION_SLIPPAGE, exchangeBody, type ExchangeQuote, type Locale } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { Decimal, floorTo } from '@hx/money';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { exceeds, isPositiveAmount } from './amount.ts';
import { AmountField } from './AmountField.tsx';
import {
  afterMoneyMoved,
  coinDetailQuery,
  exchangeCoins,
  exchangeQuoteKey,
  fetchExchangeQuote,
  type Coin,
  type ExchangeRequest,
} from './queries.ts';
import { ratePrice, rateView } from './rate.ts';
import { SelectField } from './SelectField.tsx';
import { useCoinChoice } from './useCoinChoice.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat, formatPercent } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import './styles.ts';
import { FormActions } from '../../components/FormActions.tsx';

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

/** "1 BTC = 64,300.00 USDT" in either direction (rate.ts), at most at the price coin's decimals. */
function rateText(from: Coin, to: Coin, price: string, t: TFunction, locale: Locale): string {
  const view = rateView(from.name, to.name, price);
  if (!view) return '--';
  const decimals = (view.quote === to.name ? to : from).decimals;
  const value = ratePrice(view.price, decimals);
  // Grouped for reading ("64,300.00"), at the places ratePrice kept.
  const places = value.split('.')[1]?.length ?? 0;
  return t('conversion.rateValue', {
    base: view.base,
    quote: view.quote,
    price: floorFormat(value, places, locale),
  });
}

/** Prices of today show their time only; older ones (a stopped market) their date too. */
const recordedToday = (ms: number) => new Date(ms).toDateString() === new Date().toDateString();

interface Row {
  key: 'rate' | 'fee' | 'receive' | 'priceTime' | 'pay';
  label: string;
  value: string;
}

/** A quote as label / value rows (plain strings, so the dialog can show them too). */
function quoteRows(
  quote: ExchangeQuote | undefined,
  from: Coin,
  to: Coin,
  t: TFunction,
  locale: Locale,
): Row[] {
  const amount = (value: string, coin: Coin) =>
    `${floorFormat(value, coin.decimals, locale)} ${coin.name}`;
  if (!quote)
    return (['rate', 'fee', 'receive', 'priceTime'] as const).map((key) => ({
      key,
      label: t(`conversion.${key}`),
      value: '--',
    }));
  return [
    {
      key: 'rate',
      label: t('conversion.rate'),
      value: rateText(from, to, quote.price, t, locale),
    },
    {
      key: 'fee',
      label: t('conversion.fee'),
      value: t('conversion.feeValue', {
        amount: amount(quote.fee, to),
        rate: formatPercent(quote.fee_rate, locale, 8),
      }),
    },
    { key: 'receive', label: t('conversion.receive'), value: amount(quote.to_number, to) },
    {
      key: 'priceTime',
      label: t('conversion.priceTime'),
      value: formatTime(
        quote.price_time,
        locale,
        recordedToday(quote.price_time) ? 'time' : 'datetime',
      ),
    },
  ];
}

function Summary({ rows, testIds }: { rows: Row[]; testIds: Record<Row['key'], string> }) {
  return (
    <dl className="hx-summary hx-conversion-summary">
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd data-testid={testIds[row.key]}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Converts one coin into another in the spot account at the last recorded prices: a live quote
 * while typing, then a confirmation repeating a fresh quote.
 */
export function ConversionForm() {
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

  const options = coins.map((c) => ({ key: c.currency_id, label: c.name, testKey: c.name }));
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
      // The server refuses to give less than this: the confirmed quote less the allowed slippage.
      const minReceive = floorTo(
        new Decimal(fresh.to_number).times(new Decimal(1).minus(CONVERSION_SLIPPAGE)),
        to.decimals,
      );
      const confirmed = await Dialog.confirm({
        title: t('conversion.confirmTitle'),
        content: (
          <>
            <Summary
              rows={[
                {
                  key: 'pay',
                  label: t('conversion.pay'),
                  value: `${floorFormat(fresh.from_number, from.decimals, locale)} ${from.name}`,
                },
                ...quoteRows(fresh, from, to, t, locale),
              ]}
              testIds={TID.conversion.confirm}
            />
            <p className="hx-conversion-note">
              {t('conversion.confirmNote', {
                min: `${floorFormat(minReceive, to.decimals, locale)} ${to.name}`,
              })}
            </p>
          </>
        ),
        confirmText: t('conversion.submit'),
        cancelText: t('common.cancel'),
      });
      if (!confirmed) return;
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

  const balance = (value: string | undefined, coin: Coin | undefined) =>
    t('money.availableAmount', {
      amount: value === undefined ? '--' : floorFormat(value, coin?.decimals ?? 8, locale),
      coin: coin?.name ?? '',
    });
  const stale = amount !== settled || (quote.isFetching && !quote.data);

  return (
    <div className="hx-form">
      <div className="hx-transfer-accounts">
        <div className="hx-transfer-sides">
          <SelectField
            label={t('conversion.from')}
            value={from?.currency_id}
            options={options}
            onChange={(id) => choose('from', id)}
            placeholder={t('money.chooseCoin')}
            testId={TID.conversion.from}
          />
          <SelectField
            label={t('conversion.to')}
            value={to?.currency_id}
            options={options}
            onChange={(id) => choose('to', id)}
            placeholder={t('money.chooseCoin')}
            error={errors.to_currency_id}
            testId={TID.conversion.to}
          />
        </div>
        <button
          type="button"
          className="hx-transfer-swap"
          aria-label={t('conversion.swap')}
          onClick={swap}
          data-testid={TID.conversion.swap}
        >
          <LoopOutline />
        </button>
      </div>
      <div className="hx-amount-hint" data-testid={TID.conversion.toAvailable}>
        {balance(toAvailable, to)}
      </div>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors({});
        }}
        decimals={from?.decimals ?? 8}
        coin={from?.name ?? ''}
        available={available}
        error={errors.number ?? insufficient}
        testId={TID.conversion.amount}
        allTestId={TID.conversion.all}
        hint={<span data-testid={TID.conversion.available}>{balance(available, from)}</span>}
      />
      {from && to && (
        <div
          className={
            stale ? 'hx-conversion-quote hx-conversion-quote--stale' : 'hx-conversion-quote'
          }
          aria-busy={stale}
          data-testid={TID.conversion.quote}
        >
          <Summary
            rows={quoteRows(request ? quote.data : undefined, from, to, t, locale)}
            testIds={TID.conversion.row}
          />
          {quoteError && (
            <div className="hx-form-error" role="alert" data-testid={TID.conversion.quoteError}>
              {quoteError}
            </div>
          )}
        </div>
      )}
      <FormActions
        busy={busy}
        label={t('conversion.submit')}
        onSubmit={submit}
        submitTestId={TID.conversion.submit}
      />
    </div>
  );
}
