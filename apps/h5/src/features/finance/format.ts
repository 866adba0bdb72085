import type { Locale } from '@hx/protocol';
import { formatDecimal, formatPercent } from '../../lib/number.ts';
import type { TFunction } from 'i18next';

/** A rate as a percentage with at most `decimals` places and no trailing zeros: 0.004 → "0.4%". */
export const percent = (rate: string, locale: Locale, decimals = 4) =>
  formatPercent(rate, locale, decimals);

/** A minimum or maximum as set, without padding zeros: "1,000", "0.01". */
export const plainAmount = formatDecimal;

/**
 * A product's name in the reader's language, made of its coin and cycle ("USDT 7-day",
 * "USDT 7天"). The server's `name` is the operator's label in one language; the coin and days
 * are the terms themselves, so this name is in every language and never disagrees with them.
 */
export const productName = (t: TFunction, item: { currency_name: string; days: number }) =>
  t('finance.productName', { coin: item.currency_name, days: item.days });

/** The decimal places a server amount is written with ("600.0000" → 4). */
export const places = (amount: string) => amount.split('.')[1]?.length ?? 0;
