import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { useDecimalsOf } from './queries.ts';

/** Record amounts are exact (at least the coin's decimals): shown as sent, grouped. */
export function useAmount() {
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  return (value: string, currencyId: number) => {
    const places = Math.max(decimalsOf(currencyId), value.split('.')[1]?.length ?? 0);
    return floorFormat(value, places, locale);
  };
}

/**
 * A signed amount as people write it: "+100.0000", "−20.5000" (a true minus sign), no sign for
 * zero or when `unsigned` (a move between the user's own accounts).
 */
export function useSignedAmount() {
  const amount = useAmount();
  return (value: string, currencyId: number, unsigned = false) => {
    const negative = value.startsWith('-');
    const digits = amount(negative ? value.slice(1) : value, currencyId);
    if (unsigned || !/[1-9]/.test(value)) return digits;
    return `${negative ? '\u2212' : '+'}${digits}`;
  };
}
