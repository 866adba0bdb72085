import type { QueryKey } from '@tanstack/react-query';

/**
 * Which cached data a private channel's message makes out of date (query keys by prefix).
 * Balances live under 'wallet' (with the lever and finance figures), money lists under 'records';
 * the options page's info carries balances and the KYC standing.
 */
export type LiveChannel = 'balances' | 'orders' | 'positions' | 'options' | 'notifications';

const BALANCES: QueryKey[] = [['wallet'], ['records'], ['options', 'info']];
const ORDERS: QueryKey[] = [['spot', 'orders'], ['spot', 'order'], ...BALANCES];
const POSITIONS: QueryKey[] = [...BALANCES];
const OPTIONS: QueryKey[] = [['options'], ...BALANCES];
const KYC: QueryKey[] = [['kyc'], ['user'], ['options', 'info']];
const SECURITY: QueryKey[] = [['user']];

export const CHANNEL_AFFECTS: Record<Exclude<LiveChannel, 'notifications'>, QueryKey[]> = {
  balances: BALANCES,
  orders: ORDERS,
  positions: POSITIONS,
  options: OPTIONS,
};

/** What a notification of `kind` makes out of date (the centre's own lists aside). */
export function affectedBy(kind: string): QueryKey[] {
  if (kind === 'spot_filled') return ORDERS;
  if (kind.startsWith('lever_')) return POSITIONS;
  if (kind.startsWith('option_')) return OPTIONS;
  if (kind.startsWith('deposit_') || kind.startsWith('withdrawal_')) return BALANCES;
  if (kind.startsWith('kyc_')) return KYC;
  if (kind.startsWith('security_')) return SECURITY;
  return [];
}

/** Everything a notification may touch: what a missed one (a gap) refetches. */
export const ANY_NOTIFICATION_AFFECTS: QueryKey[] = [...ORDERS, ['options'], ...KYC];

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

/** The keys without repeats and without those another key already covers (['wallet'] covers ['wallet', 'list']). */
export function coverKeys(keys: readonly QueryKey[]): QueryKey[] {
  const out: QueryKey[] = [];
  for (const key of keys) {
    if (keys.some((other) => other !== key && other.length < key.length && startsWith(key, other)))
      continue;
    if (out.some((kept) => startsWith(key, kept) && kept.length === key.length)) continue;
    out.push(key);
  }
  return out;
}
