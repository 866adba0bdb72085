import type { QueryKey } from '@tanstack/react-query';
import { queryKeys as k } from './queryKeys.ts';

/**
 * What each kind of change makes out of date (query keys by prefix): the one place that says
 * which cached data a mutation, a socket message or a notification touches. Balances live under
 * `wallet` (with the lever and finance figures), money lists under `records`; the options
 * page's info carries balances and the KYC standing.
 */
const MONEY: QueryKey[] = [k.wallet, k.records];
const BALANCES: QueryKey[] = [...MONEY, k.optionInfo];
const ORDER: QueryKey[] = [k.spotOrders, k.spotOrder, ...MONEY];
const OPTION: QueryKey[] = [k.options, ...MONEY];
const KYC: QueryKey[] = [k.kyc, k.user];

export const STALE = {
  /** A balance changed (`balances`; a deposit or withdrawal notification). */
  balances: BALANCES,
  /** A spot order changed (`orders`, a fill notification); a bot's purchase is one too. */
  orders: [k.spotOrders, k.spotOrder, k.bots, ...BALANCES],
  /** A contract position changed (`positions`): positions live under `wallet`. */
  positions: BALANCES,
  /** An option order was bought or settled (`options`). */
  options: [k.options, ...BALANCES],
  /** A KYC decision. */
  kyc: [...KYC, k.optionInfo],
  /** The user's account (a security notification, a fund password, the authenticator). */
  user: [k.user],
  /** The user moved money (a transfer, a withdrawal, a purchase). */
  moneyMoved: MONEY,
  /** The user placed or cancelled a spot order. */
  orderChanged: ORDER,
  /** The user bought an option. */
  optionBought: OPTION,
  /** The user's funds only (a demo top-up, a lever order). */
  funds: [k.wallet],
  /** The user sent verification documents. */
  kycSent: KYC,
  addresses: [k.addresses],
  bankCards: [k.bankCards],
  passkeys: [k.passkeys, k.security],
  sessions: [k.sessions],
  apiKeys: [k.apiKeys],
  publication: [k.publication],
  referral: [k.referral],
  /** The user started or stopped a bot. */
  bots: [k.bots],
} satisfies Record<string, QueryKey[]>;

export type Change = keyof typeof STALE;

/** What a notification of `kind` makes out of date (the centre's own lists aside). */
export function affectedBy(kind: string): QueryKey[] {
  if (kind === 'spot_filled') return STALE.orders;
  if (kind.startsWith('lever_')) return STALE.positions;
  if (kind.startsWith('option_')) return STALE.options;
  if (kind.startsWith('deposit_') || kind.startsWith('withdrawal_')) return STALE.balances;
  if (kind.startsWith('kyc_')) return STALE.kyc;
  if (kind.startsWith('security_')) return STALE.user;
  if (kind === 'price_alert') return [k.alerts];
  if (kind.startsWith('bot_')) return [k.bots];
  return [];
}

/** Everything a notification may touch: what a missed one (a gap) refetches. */
export const ANY_NOTIFICATION_AFFECTS: QueryKey[] = [
  ...STALE.orders,
  k.options,
  ...STALE.kyc,
  k.alerts,
  k.bots,
];

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
