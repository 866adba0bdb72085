import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCoins, type Coin } from './queries.ts';

/**
 * The coin a money form works on: `?currency_id=` when given, else USDT (else the first coin),
 * until the user picks another.
 */
export function useCoinChoice(filter?: (coin: Coin) => boolean): {
  coin: Coin | undefined;
  coins: Coin[];
  setCoinId: (id: number) => void;
} {
  const [params] = useSearchParams();
  const all = useCoins();
  const coins = filter ? all.filter(filter) : all;
  const [picked, setCoinId] = useState<number | null>(() => {
    const id = Number(params.get('currency_id'));
    return Number.isInteger(id) && id > 0 ? id : null;
  });
  const coin =
    coins.find((c) => c.currency_id === picked) ?? coins.find((c) => c.name === 'USDT') ?? coins[0];
  return { coin, coins, setCoinId };
}
