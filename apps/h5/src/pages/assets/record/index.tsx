import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { RecordLine } from '../../../features/wallet/RecordLine.tsx';
import {
  RECORD_FILTER_NAMES,
  fetchRecords,
  filterParam,
  type RecordFilter,
  type RecordItem,
} from '../../../features/wallet/records.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** What an empty filter says. */
const EMPTY = {
  deposit: 'records.emptyDeposits',
  withdraw: 'records.emptyWithdrawals',
} as const;

/**
 * Asset records: one line per thing the user did (a withdrawal with its review state, a trade,
 * an earning), filtered by what it was. `?type=deposit|withdraw` (the side menu) picks a filter.
 */
export default function RecordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = filterParam(params.get('type'));
  const choose = (next: RecordFilter) =>
    setParams(next === 'all' ? {} : { type: next }, { replace: true });

  return (
    <PageFrame title={t('records.title')}>
      <div className="hx-records-tabs">
        <div className="hx-chips hx-records-filters" role="tablist" aria-label={t('records.title')}>
          {RECORD_FILTER_NAMES.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={type === key}
              className={type === key ? 'hx-chip hx-chip--active' : 'hx-chip'}
              onClick={() => choose(key)}
              data-testid={TID.records.filter(key)}
            >
              {t(`records.filters.${key}`)}
            </button>
          ))}
        </div>
      </div>
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.records, type: 'active' })
        }
      >
        <PagedList<RecordItem>
          key={type}
          queryKey={queryKeys.recordActions(type)}
          fetchPage={(page, limit) => fetchRecords(type, page, limit)}
          keyOf={(item) => `${item.kind}:${item.id}`}
          renderItem={(item) => <RecordLine item={item} />}
          empty={t(type === 'deposit' || type === 'withdraw' ? EMPTY[type] : 'records.empty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
