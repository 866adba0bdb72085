import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { CONVERSION_SLIPPAGE, type ExchangeQuote, type Locale } from '@hx/protocol';
import { Decimal, floorTo } from '@hx/money';
import { formatTime } from '../../lib/date.ts';
import { floorFormat, formatPercent } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { QuoteSummary as Summary, type QuoteRow } from './QuoteSummary.tsx';
import type { Coin } from './queries.ts';
import { ratePrice, rateView } from './rate.ts';

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

/** A quote as label / value rows (plain strings, so the dialog can show them too). */
export function quoteRows(
  quote: ExchangeQuote | undefined,
  from: Coin,
  to: Coin,
  t: TFunction,
  locale: Locale,
): QuoteRow[] {
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

/**
 * Asks before converting, repeating a quote asked for now and the least the server will give
 * (the quote less the allowed slippage). Resolves with that least amount, or null if cancelled.
 */
export async function confirmConversion(
  fresh: ExchangeQuote,
  from: Coin,
  to: Coin,
  t: TFunction,
  locale: Locale,
): Promise<string | null> {
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
  return confirmed ? minReceive : null;
}
