import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { accountLabelKey, isSubAccount } from './accounts.ts';
import { POSTING_TYPES } from './records.ts';
import { useDecimalsOf } from './queries.ts';
import { StatusTag } from './StatusTag.tsx';
import type { DepositRecord, Posting, TransferRecord, WithdrawalRecord } from './types.ts';

type PostingType = (typeof POSTING_TYPES)[number];
const isPostingType = (v: string): v is PostingType =>
  (POSTING_TYPES as readonly string[]).includes(v);

/** Record amounts are exact (at least the coin's decimals): shown as sent, grouped. */
function useAmount() {
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  return (value: string, currencyId: number) => {
    const places = Math.max(decimalsOf(currencyId), value.split('.')[1]?.length ?? 0);
    return floorFormat(value, places, locale);
  };
}

export function PostingItem({ item }: { item: Posting }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAmount();
  const credit = !item.amount.startsWith('-');
  return (
    <div className="hx-record" data-testid={TID.records.posting(item.id)}>
      <div className="hx-record-line">
        <span className="hx-record-title">
          {isPostingType(item.type) ? t(`records.types.${item.type}`) : item.type}
        </span>
        <span className={credit ? 'hx-record-amount hx-credit' : 'hx-record-amount hx-debit'}>
          {credit ? '+' : ''}
          {amount(item.amount, item.currency_id)} {item.name}
        </span>
      </div>
      <div className="hx-record-line hx-record-meta">
        <span>
          {isSubAccount(item.account) ? t(accountLabelKey(item.account)) : item.account}
          {item.bucket === 'frozen' && ` · ${t('money.frozen')}`}
        </span>
        <span className="hx-record-time">{formatTime(item.created_at, locale)}</span>
      </div>
    </div>
  );
}

type ReviewedRecord = Pick<
  DepositRecord,
  'id' | 'name' | 'network' | 'status' | 'number' | 'currency_id' | 'created_at' | 'reason'
>;

/** What a deposit and a withdrawal record both show: coin, network, status, amount, time, reason. */
function ReviewedLines({ item, address }: { item: ReviewedRecord; address?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAmount();
  return (
    <>
      <div className="hx-record-line">
        <span className="hx-record-title">
          {item.name} <span className="hx-record-network">{item.network}</span>
        </span>
        <StatusTag status={item.status} testId={TID.records.status(item.id)} />
      </div>
      <div className="hx-record-line">
        <span className="hx-record-meta">{t('money.amount')}</span>
        <span className="hx-record-amount">
          {amount(item.number, item.currency_id)} {item.name}
        </span>
      </div>
      <div className="hx-record-line hx-record-meta">
        {address !== undefined && <span className="hx-record-address">{address}</span>}
        <span className="hx-record-time">{formatTime(item.created_at, locale)}</span>
      </div>
      {item.reason && (
        <div className="hx-record-reason">{t('money.reason', { reason: item.reason })}</div>
      )}
    </>
  );
}

export function DepositItem({ item }: { item: DepositRecord }) {
  return (
    <div className="hx-record" data-testid={TID.records.deposit(item.id)}>
      <ReviewedLines item={item} />
    </div>
  );
}

export function WithdrawalItem({ item }: { item: WithdrawalRecord }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-record hx-record--link"
      onClick={() => navigate(`/pages/withdraw/detail?id=${item.id}`)}
      data-testid={TID.records.withdrawal(item.id)}
    >
      <ReviewedLines item={item} address={item.address} />
    </button>
  );
}

export function TransferItem({ item }: { item: TransferRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAmount();
  return (
    <div className="hx-record" data-testid={TID.records.transfer(item.id)}>
      <div className="hx-record-line">
        <span className="hx-record-title">
          {t(accountLabelKey(item.from))} → {t(accountLabelKey(item.to))}
        </span>
        <span className="hx-record-amount">
          {amount(item.number, item.currency_id)} {item.name}
        </span>
      </div>
      <div className="hx-record-line hx-record-meta">
        <span className="hx-record-time">{formatTime(item.created_at, locale)}</span>
      </div>
    </div>
  );
}
