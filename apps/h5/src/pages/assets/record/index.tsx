import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiGet, apiPost } from '../../../api/http.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { DepositItem, PostingItem, WithdrawalItem } from '../../../features/wallet/RecordItems.tsx';
import { POSTING_TYPES } from '../../../features/wallet/records.ts';
import type {
  DepositRecord,
  Paged,
  Posting,
  WithdrawalRecord,
} from '../../../features/wallet/types.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

const TABS = ['all', 'deposit', 'withdraw'] as const;
type Tab = (typeof TABS)[number];
const quiet = { loading: false } as const;

/**
 * Asset records: every posting on the user's accounts (filtered by type), or the deposit or
 * withdrawal requests with their review state. `?type=deposit|withdraw` opens those tabs.
 */
export default function RecordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const tab: Tab = type === 'deposit' || type === 'withdraw' ? type : 'all';
  const kind = params.get('kind') ?? '';
  const set = (next: Record<string, string>) => setParams(next, { replace: true });

  return (
    <PageFrame title={t('records.title')}>
      <div className="hx-records-tabs">
        <div className="hx-segments" role="tablist">
          {TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tab === key ? 'hx-segment hx-segment--active' : 'hx-segment'}
              onClick={() => set(key === 'all' ? {} : { type: key })}
              data-testid={TID.records.tab(key)}
            >
              {t(`records.tabs.${key}`)}
            </button>
          ))}
        </div>
        {tab === 'all' && (
          <div className="hx-chips">
            {['', ...POSTING_TYPES].map((key) => (
              <button
                key={key || 'any'}
                type="button"
                className={kind === key ? 'hx-chip hx-chip--active' : 'hx-chip'}
                onClick={() => set(key ? { kind: key } : {})}
                data-testid={TID.records.kind(key || 'any')}
              >
                {key
                  ? t(`records.types.${key as (typeof POSTING_TYPES)[number]}`)
                  : t('records.anyType')}
              </button>
            ))}
          </div>
        )}
      </div>
      <Refreshable
        onRefresh={() => queryClient.refetchQueries({ queryKey: ['records'], type: 'active' })}
      >
        {tab === 'deposit' && (
          <PagedList<DepositRecord>
            queryKey={['records', 'deposits']}
            fetchPage={(page, limit) =>
              apiGet<Paged<DepositRecord>>('charge_mention/log2', { page, limit }, quiet)
            }
            renderItem={(item) => <DepositItem item={item} />}
            empty={t('records.emptyDeposits')}
          />
        )}
        {tab === 'withdraw' && (
          <PagedList<WithdrawalRecord>
            queryKey={['records', 'withdrawals']}
            fetchPage={(page, limit) =>
              apiGet<Paged<WithdrawalRecord>>('charge_mention/log3', { page, limit }, quiet)
            }
            renderItem={(item) => <WithdrawalItem item={item} />}
            empty={t('records.emptyWithdrawals')}
          />
        )}
        {tab === 'all' && (
          <PagedList<Posting>
            queryKey={['records', 'postings', kind]}
            fetchPage={(page, limit) =>
              apiPost<Paged<Posting>>('wallet/legal_log', { page, limit, type: kind }, quiet)
            }
            renderItem={(item) => <PostingItem item={item} />}
            empty={t('records.empty')}
          />
        )}
      </Refreshable>
    </PageFrame>
  );
}
