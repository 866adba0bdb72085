import { Decimal } from '@hx/money';
import { SUB_ACCOUNT_NAMES } from './accounts.ts';
import { sumAmounts } from './amount.ts';
import type { WalletList } from './types.ts';

/** A coin across the user's accounts: how much (available + frozen) and its value in USDT. */
export interface CoinBalance {
  currencyId: number;
  name: string;
  amount: string;
  usdtValue: string;
}

/** Under this value (USDT) a balance is "small": hidden while the user asks to hide them. */
export const SMALL_BALANCE_USDT = '1';

/** Every coin the user holds in any account, the largest value first, then by name. */
export function coinBalances(wallet: WalletList): CoinBalance[] {
  const byCoin = new Map<number, { name: string; amounts: string[]; values: string[] }>();
  for (const account of SUB_ACCOUNT_NAMES) {
    for (const b of wallet[account] ?? []) {
      const coin = byCoin.get(b.currency_id) ?? { name: b.name, amounts: [], values: [] };
      coin.amounts.push(b.available, b.frozen);
      coin.values.push(b.usdt_value);
      byCoin.set(b.currency_id, coin);
    }
  }
  return [...byCoin.entries()]
    .map(([currencyId, c]) => ({
      currencyId,
      name: c.name,
      amount: sumAmounts(c.amounts),
      usdtValue: sumAmounts(c.values),
    }))
    .sort((a, b) => new Decimal(b.usdtValue).cmp(a.usdtValue) || a.name.localeCompare(b.name));
}

/** A balance worth under 1 USDT (a coin without a price counts by its amount: any is shown). */
export function isSmall(coin: CoinBalance): boolean {
  if (new Decimal(coin.usdtValue).gte(SMALL_BALANCE_USDT)) return false;
  return new Decimal(coin.usdtValue).gt(0) || new Decimal(coin.amount).isZero();
}
