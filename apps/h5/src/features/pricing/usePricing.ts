import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { floorFormat } from '../../lib/number.ts';
import { storage } from '../../lib/storage.ts';
import { useLocale } from '../../i18n/index.ts';
import { futuresQuotesQuery } from '../market/queries.ts';
import { useSession } from '../../api/session-store.ts';
import {
  convertUsd,
  CURRENCY_RULES,
  DEFAULT_CURRENCY,
  isPricingCurrency,
  rateOf,
  type PricingCurrency,
} from './currencies.ts';

/** The chosen currency is kept per user (per device for a visitor). */
const keyFor = (userId: number | undefined) =>
  userId === undefined ? 'hx.pricing' : `hx.pricing.${userId}`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function readChoice(userId: number | undefined): PricingCurrency {
  const value = storage.get(keyFor(userId));
  return isPricingCurrency(value) ? value : DEFAULT_CURRENCY;
}

export function setPricingCurrency(userId: number | undefined, currency: PricingCurrency): void {
  storage.set(keyFor(userId), currency);
  for (const listener of listeners) listener();
}

/** The chosen currency as stored, whether or not its rate is known now. */
export function usePricingChoice(): PricingCurrency {
  const userId = useSession()?.user.id;
  return useSyncExternalStore(
    subscribe,
    () => readChoice(userId),
    () => readChoice(userId),
  );
}

export interface Pricing {
  /** The currency amounts are shown in: the choice, or USD while its rate is unknown. */
  currency: PricingCurrency;
  sign: string;
  decimals: number;
  /** `usdAmount` in `currency`, floored to its places (a decimal string). */
  rate: (usdAmount: string) => string;
  /** The same, formatted for the language with the currency sign: '¥465,235.30'. */
  format: (usdAmount: string) => string;
}

/** Totals in the user's pricing currency, at rates derived from the forex quotes. */
export function usePricing(): Pricing {
  const choice = usePricingChoice();
  const locale = useLocale();
  const quotes = useQuery({ ...futuresQuotesQuery, staleTime: 60_000 }).data;
  const rateNow = useMemo(() => rateOf(choice, quotes ?? []), [choice, quotes]);
  const currency = rateNow ? choice : DEFAULT_CURRENCY;
  const perUsd = rateNow ?? '1';
  const { sign, decimals } = CURRENCY_RULES[currency];
  const rate = useCallback(
    (usdAmount: string) => convertUsd(usdAmount, perUsd, decimals),
    [perUsd, decimals],
  );
  const format = useCallback(
    (usdAmount: string) => {
      const value = rate(usdAmount);
      return value === '--' ? '--' : `${sign}${floorFormat(value, decimals, locale)}`;
    },
    [rate, sign, decimals, locale],
  );
  return { currency, sign, decimals, rate, format };
}
