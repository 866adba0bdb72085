import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { coverKeys, STALE, type Change } from './stale.ts';

/** Marks what `change` made out of date (`stale.ts`); shown queries refetch, awaited. */
export function refresh(queryClient: QueryClient, change: Change): Promise<unknown> {
  return Promise.all(STALE[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Pushes that come together (a fill sends `orders` and `balances`) refetch once. */
const WINDOW_MS = 60;

let pending: QueryKey[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Marks `keys` out of date a moment from now, together with whatever else arrives meanwhile
 * (a fill's `orders` and `balances`, a notification about the same change, a burst of fills):
 * each shown query refetches once.
 */
export function invalidateSoon(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  if (keys.length === 0) return;
  pending.push(...keys);
  timer ??= setTimeout(() => {
    const keys = coverKeys(pending);
    pending = [];
    timer = undefined;
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }, WINDOW_MS);
}
