import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat, formatDecimal } from '../../lib/number.ts';
import { usePairs } from '../spot/queries.ts';
import { useDecimalsOf } from '../wallet/queries.ts';

/**
 * How a bot's figures are written: its pair's name and coins, prices and amounts floored to the
 * pair's decimals (the server's as they are until the pairs have loaded).
 */
export function useBotFormat(symbol: string) {
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  const pair = usePairs().data?.find((p) => p.symbol === symbol);
  const cut = (value: string | null, decimals: number | undefined) => {
    if (value === null) return '--';
    return decimals === undefined
      ? formatDecimal(value, locale)
      : floorFormat(value, decimals, locale);
  };
  return {
    name: pair?.name ?? symbol,
    base: pair?.base ?? '',
    quote: pair?.quote ?? '',
    price: (v: string | null) => cut(v, pair?.price_decimals),
    amount: (v: string | null) => cut(v, pair?.amount_decimals),
    spent: (v: string | null) => cut(v, pair && decimalsOf(pair.quote_currency_id)),
    /** An amount as the user typed it (the amount each period, the maximum price). */
    typed: (v: string) => formatDecimal(v, locale),
    time: (ms: number | null) => formatTime(ms, locale),
  };
}
