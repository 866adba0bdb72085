import type { TFunction } from 'i18next';
import type { Locale, RecordDetail } from '@hx/protocol';
import { Decimal } from '@hx/money';
import { formatTime } from '../../lib/date.ts';
import { formatPercent } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { accountLabelKey } from './accounts.ts';
import type { InfoRow } from './InfoList.tsx';
import { pairOf, recordTitle, sideLabel } from './records.ts';
import { networkName } from './networkName.ts';

/** How the rows write amounts: signed or not, with the coin. */
export interface AmountWriter {
  (value: string, currencyId: number, unsigned?: boolean): string;
}

interface Context {
  t: TFunction;
  locale: Locale;
  signed: AmountWriter;
}

const CLOSE_REASONS = [
  'manual',
  'stop_profit',
  'stop_loss',
  'trailing_stop',
  'liquidation',
] as const;
const closeReason = (t: TFunction, reason: string) =>
  (CLOSE_REASONS as readonly string[]).includes(reason)
    ? t(`lever.reason.${reason as (typeof CLOSE_REASONS)[number]}`)
    : reason;

/**
 * A conversion's rate the way prices are read: one of the dearer coin in the other
 * ("1 BTC = 64,231.2 USDT", not "1 USDT = 0.0000155 BTC").
 */
function conversionRate(t: TFunction, d: RecordDetail): string {
  const paid = d.counter?.coin ?? '';
  const price = new Decimal(d.price ?? '0');
  if (price.isZero() || price.gte(1))
    return t('records.detail.rateValue', { from: paid, to: d.coin, price: price.toFixed() });
  const inverse = new Decimal(1).div(price).toSignificantDigits(10).toFixed();
  return t('records.detail.rateValue', { from: d.coin, to: paid, price: inverse });
}

const row = (key: string, label: string, value: string, copy?: string): InfoRow => ({
  label,
  value,
  copy,
  testId: TID.records.detail.row(key),
});

/** A chain deposit's or withdrawal's progress and transaction, with its explorer link. */
function chainRows(d: RecordDetail, t: TFunction): InfoRow[] {
  const rows: InfoRow[] = [];
  if (d.chain_status)
    rows.push(
      row(
        'chainStatus',
        t('records.detail.chainStatus'),
        t(`records.chainStates.${d.chain_status}`),
      ),
    );
  // A passed withdrawal the signer does not pay has no transaction: never say it was sent.
  else if (d.kind === 'withdraw' && d.state === 'passed' && d.address)
    rows.push(row('chainStatus', t('records.detail.chainStatus'), t('records.chainStates.byHand')));
  if (d.chain_confirmations)
    rows.push(
      row(
        'confirmations',
        t('records.detail.confirmations'),
        `${d.chain_confirmations.seen} / ${d.chain_confirmations.required}`,
      ),
    );
  if (d.tx_hash)
    rows.push({
      label: t('records.detail.txHash'),
      value: (
        <>
          <span className="hx-tx-hash">{d.tx_hash}</span>
          {d.explorer_url && (
            <a
              className="hx-tx-link"
              href={d.explorer_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={TID.records.detail.explorer}
            >
              {t('records.detail.explorer')}
            </a>
          )}
        </>
      ),
      copy: d.tx_hash,
      testId: TID.records.detail.row('txHash'),
    });
  return rows;
}

/** The writers every kind's rows share, and the list they add to. */
function rowKit(d: RecordDetail, { t, locale, signed }: Context) {
  const rows: InfoRow[] = [row('type', t('records.detail.type'), recordTitle(t, d))];
  const money = (value: string, currencyId: number, coin: string, unsigned = true) =>
    `${signed(value, currencyId, unsigned)} ${coin}`;
  return {
    t,
    rows,
    money,
    mine: (value: string) => money(value, d.currency_id, d.coin),
    time: (ms: number | null | undefined) => formatTime(ms, locale),
    price: (value: string | null | undefined) => value ?? '--',
    add: (cond: unknown, r: () => InfoRow) => {
      if (cond !== undefined && cond !== null && cond !== false) rows.push(r());
    },
    market: () => row('market', t('records.detail.market'), pairOf(d.subject ?? '')),
    side: () => row('side', t('records.detail.side'), sideLabel(t, d.side!)),
    /** What the user gave for what they received (a conversion's, a purchase's other coin). */
    paidCounter: () =>
      row(
        'paid',
        t('records.detail.paid'),
        money(d.counter!.amount, d.counter!.currency_id, d.counter!.coin, false),
      ),
    orderType: () =>
      row('orderType', t('records.detail.orderType'), t(`records.orderTypes.${d.order_type!}`)),
  };
}
type Kit = ReturnType<typeof rowKit>;

function depositOrWithdrawalRows(d: RecordDetail, k: Kit) {
  const { t, rows, add, mine } = k;
  rows.push(
    row('coin', t('money.coin'), `${d.coin} · ${d.network ? networkName(d.coin, d.network) : ''}`),
  );
  rows.push(row('amount', t('money.amount'), k.money(d.amount, d.currency_id, d.coin)));
  add(d.reported && d.reported !== d.amount, () =>
    row('reported', t('records.detail.reported'), mine(d.reported!)),
  );
  // A rejected withdrawal took no fee and sent nothing.
  add(d.state !== 'rejected' && d.fee, () =>
    row('fee', t('records.detail.fee'), mine(d.fee!.amount)),
  );
  add(d.state !== 'rejected' && d.receive, () =>
    row('receive', t('records.detail.receive'), mine(d.receive!)),
  );
  add(d.address, () =>
    row(
      'address',
      t(d.kind === 'deposit' ? 'records.detail.depositAddress' : 'records.detail.address'),
      d.address!,
      d.address!,
    ),
  );
  add(d.remark, () => row('remark', t('records.detail.remark'), d.remark!));
  rows.push(...chainRows(d, t));
  add(d.reviewed_at, () =>
    row('reviewedAt', t('records.detail.reviewedAt'), k.time(d.reviewed_at)),
  );
}

function tradeRows(d: RecordDetail, k: Kit) {
  const { t, rows, add } = k;
  if (d.kind === 'spot') {
    rows.push(k.market(), k.side());
    add(d.order_type, k.orderType);
  }
  add(d.counter, k.paidCounter);
  rows.push(
    row('received', t('records.detail.received'), k.money(d.amount, d.currency_id, d.coin, false)),
  );
  add(d.price, () =>
    row(
      'price',
      t(d.kind === 'spot' ? 'records.detail.avgPrice' : 'records.detail.rate'),
      d.kind === 'convert' ? conversionRate(t, d) : d.price!,
    ),
  );
  add(d.fee, () => row('fee', t('records.detail.fee'), k.mine(d.fee!.amount)));
}

function optionRows(d: RecordDetail, k: Kit) {
  const { t, rows, add } = k;
  rows.push(k.market(), k.side());
  add(d.margin, () => row('stake', t('records.detail.stake'), k.mine(d.margin!)));
  add(d.seconds, () =>
    row('period', t('records.detail.period'), t('records.detail.seconds', { seconds: d.seconds })),
  );
  rows.push(row('openPrice', t('records.detail.openPrice'), k.price(d.price)));
  rows.push(row('closePrice', t('records.detail.closePrice'), k.price(d.close_price)));
  rows.push(row('settleAt', t('records.detail.settleAt'), k.time(d.closed_at)));
  add(d.profit, () =>
    row('profit', t('records.detail.profit'), k.money(d.profit!, d.currency_id, d.coin, false)),
  );
}

function contractRows(d: RecordDetail, k: Kit) {
  const { t, rows, add, mine } = k;
  rows.push(k.market(), k.side());
  add(d.order_type, k.orderType);
  add(d.lots, () => row('lots', t('records.detail.lots'), String(d.lots)));
  add(d.multiple, () => row('multiple', t('records.detail.multiple'), `×${d.multiple}`));
  rows.push(row('openPrice', t('records.detail.openPrice'), k.price(d.price)));
  add(d.margin, () => row('margin', t('records.detail.margin'), mine(d.margin!)));
  add(d.fee, () => row('fee', t('records.detail.fee'), mine(d.fee!.amount)));
  add(d.close_price, () => row('closePrice', t('records.detail.closePrice'), d.close_price!));
  add(d.closed_at, () => row('closedAt', t('records.detail.closedAt'), k.time(d.closed_at)));
  add(d.close_reason, () =>
    row('closeReason', t('records.detail.closeReason'), closeReason(t, d.close_reason!)),
  );
  add(d.profit, () =>
    row('profit', t('records.detail.profit'), k.money(d.profit!, d.currency_id, d.coin, false)),
  );
}

function financeRows(d: RecordDetail, k: Kit, locale: Locale) {
  const { t, rows, add, mine, time } = k;
  rows.push(row('amount', t('records.detail.principal'), mine(d.amount)));
  add(d.days, () =>
    row('days', t('records.detail.term'), t('records.detail.daysValue', { days: d.days })),
  );
  add(d.daily_rate, () =>
    row('dailyRate', t('records.detail.dailyRate'), formatPercent(d.daily_rate!, locale)),
  );
  add(d.earned, () => row('earned', t('records.detail.earned'), mine(d.earned!)));
  add(d.end_at, () => row('endAt', t('records.detail.endAt'), time(d.end_at)));
  add(d.penalty, () => row('penalty', t('records.detail.penalty'), mine(d.penalty!)));
  add(d.returned, () => row('returned', t('records.detail.returned'), mine(d.returned!)));
  add(d.closed_at, () => row('closedAt', t('records.detail.closedAt'), time(d.closed_at)));
}

function subscriptionRows(d: RecordDetail, k: Kit) {
  const { t, rows, add, time } = k;
  rows.push(row('token', t('records.detail.token'), d.subject ?? ''));
  add(d.counter, k.paidCounter);
  rows.push(
    row(
      d.counter ? 'received' : 'paid',
      t(d.counter ? 'records.detail.received' : 'records.detail.paid'),
      k.money(d.amount, d.currency_id, d.coin, false),
    ),
  );
  add(d.tokens, () => row('tokens', t('records.detail.tokens'), `${d.tokens} ${d.subject ?? ''}`));
  add(d.refund && d.refund !== '0' && /[1-9]/.test(d.refund), () =>
    row('refund', t('records.detail.refund'), `${d.refund} ${d.counter?.coin ?? d.coin}`),
  );
  add(d.unlock_at, () => row('unlockAt', t('records.detail.unlockAt'), time(d.unlock_at)));
  add(d.reviewed_at, () => row('reviewedAt', t('records.detail.reviewedAt'), time(d.reviewed_at)));
}

/**
 * The facts of one record, in the order a person checks them: what moved, the prices and fees,
 * where to, when, and the ids. Only what the record's kind has.
 */
export function recordRows(d: RecordDetail, context: Context): InfoRow[] {
  const k = rowKit(d, context);
  const { t, rows } = k;
  const signedAmount = () =>
    row('amount', t('money.amount'), k.money(d.amount, d.currency_id, d.coin, false));
  switch (d.kind) {
    case 'deposit':
    case 'withdraw':
      depositOrWithdrawalRows(d, k);
      break;
    case 'transfer':
      rows.push(row('from', t('records.detail.from'), t(accountLabelKey(d.from!))));
      rows.push(row('to', t('records.detail.to'), t(accountLabelKey(d.to!))));
      rows.push(row('amount', t('money.amount'), k.mine(d.amount)));
      break;
    case 'convert':
    case 'spot':
      tradeRows(d, k);
      break;
    case 'option':
      optionRows(d, k);
      break;
    case 'contract':
      contractRows(d, k);
      break;
    case 'finance':
      financeRows(d, k, context.locale);
      break;
    case 'interest':
      rows.push(signedAmount());
      k.add(d.day, () =>
        row(
          'day',
          t('records.detail.day'),
          t('records.detail.dayValue', { day: d.day, days: d.days }),
        ),
      );
      break;
    case 'subscription':
      subscriptionRows(d, k);
      break;
    default:
      // Demo funds, rebates and fees: the amount says it all.
      rows.push(signedAmount());
  }
  rows.push(row('time', t('records.detail.time'), k.time(d.at)));
  rows.push(row('id', t('records.detail.id'), `#${d.id}`));
  return rows;
}
