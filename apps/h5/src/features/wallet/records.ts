import type { TFunction } from 'i18next';
import {
  RECORD_FILTER_NAMES,
  RECORD_KINDS,
  type RecordFilter,
  type RecordItem,
  type RecordKind,
  type RecordSide,
  type RecordState,
} from '@hx/protocol';
import { call } from '../../api/call.ts';
import { accountLabelKey } from './accounts.ts';

export { RECORD_FILTER_NAMES, type RecordFilter, type RecordItem, type RecordKind };

/** Background reads: the page shows its own failures. */
const quiet = { loading: false } as const;

/** `?type=` of the records page (the side menu opens `deposit` and `withdraw`); else all. */
export function filterParam(raw: string | null): RecordFilter {
  return (RECORD_FILTER_NAMES as readonly string[]).includes(raw ?? '')
    ? (raw as RecordFilter)
    : 'all';
}

export function isRecordKind(raw: string | null): raw is RecordKind {
  return (RECORD_KINDS as readonly string[]).includes(raw ?? '');
}

export const fetchRecords = (type: RecordFilter, page: number, limit: number) =>
  call.walletRecords({ type, page, limit }, quiet);

/** The route of one record's detail page. */
export const recordPath = (kind: RecordKind, id: number) =>
  `/pages/assets/recordDetail?kind=${kind}&id=${id}`;

/** 'BTCUSDT' → 'BTC/USDT'. */
export const pairOf = (symbol: string) => symbol.replace(/(USDT)$/, '/$1');

/**
 * Amounts that did not (or not yet) happen to the balance: a rejected deposit or withdrawal, a
 * withdrawn contract entry. They are shown struck through, never coloured as money moved.
 */
export const isVoid = (item: Pick<RecordItem, 'state'>) =>
  item.state === 'rejected' || item.state === 'cancelled' || item.state === 'dropped';

/** Moves between the user's own accounts: the amount has no sign and no colour. */
export const isMove = (item: Pick<RecordItem, 'kind'>) =>
  item.kind === 'transfer' || item.kind === 'finance';

/** What the user did, as the line's title says it. */
export function recordTitle(t: TFunction, item: RecordItem): string {
  const pair = item.subject ? pairOf(item.subject) : '';
  switch (item.kind) {
    case 'spot':
      return t(item.side === 'sell' ? 'records.titles.sell' : 'records.titles.buy', { pair });
    case 'option':
      return t('records.titles.option', { pair });
    case 'contract':
      return t('records.titles.contract', { pair });
    case 'convert':
      return t('records.titles.convert', { from: item.counter?.coin ?? '', to: item.coin });
    case 'subscription':
      return t('records.titles.subscription', { token: item.subject ?? '' });
    default:
      return t(`records.kinds.${item.kind}`);
  }
}

/** A second line under the title: where from and to, the side, the network. */
export function recordSubtitle(t: TFunction, item: RecordItem): string | null {
  if (item.from && item.to)
    return `${t(accountLabelKey(item.from))} → ${t(accountLabelKey(item.to))}`;
  if ((item.kind === 'option' || item.kind === 'contract') && item.side)
    return sideLabel(t, item.side);
  if (item.network) return item.network;
  return null;
}

/** A side in the words of its own page (spot, contracts, options). */
export function sideLabel(t: TFunction, side: RecordSide): string {
  switch (side) {
    case 'buy':
    case 'sell':
      return t(`spot.${side}`);
    case 'long':
    case 'short':
      return t(`lever.${side}`);
    default:
      return t(`options.types.${side}`);
  }
}

/**
 * The state as read: reviews and option results in the words their pages use; a spot order
 * still open has traded part of its amount.
 */
export function stateLabel(t: TFunction, item: Pick<RecordItem, 'kind' | 'state'>): string {
  const { state } = item;
  if (state === 'review' || state === 'passed' || state === 'rejected')
    return t(`money.status.${state}`);
  if (state === 'win' || state === 'lose' || state === 'refund')
    return t(`options.results.${state}`);
  if (item.kind === 'spot' && state === 'waiting') return t('records.states.partial');
  return t(`records.states.${state}`);
}

const TONES: Record<RecordState, 'warning' | 'success' | 'danger' | 'default' | 'primary'> = {
  review: 'warning',
  waiting: 'warning',
  open: 'primary',
  holding: 'primary',
  custody: 'primary',
  passed: 'success',
  done: 'success',
  completed: 'success',
  win: 'success',
  closed: 'default',
  refund: 'default',
  redeemed: 'default',
  rejected: 'danger',
  lose: 'danger',
  cancelled: 'default',
  confirming: 'primary',
  dropped: 'default',
};
export const stateTone = (state: RecordState) => TONES[state];

/** The class of an amount: in, out, a move between own accounts, or one that did not happen. */
export function amountClass(item: RecordItem, value = item.amount): string {
  if (isVoid(item)) return 'hx-record-amount hx-record-amount--void';
  if (isMove(item) || !/[1-9]/.test(value)) return 'hx-record-amount';
  return value.startsWith('-') ? 'hx-record-amount hx-debit' : 'hx-record-amount hx-credit';
}
