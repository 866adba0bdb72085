import type { ReactNode } from 'react';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import type { Paged } from './types.ts';

const LIMIT = 20;

/** A record list that loads its next page when scrolled to the end. */
export function PagedList<T extends { id: number }>({
  queryKey,
  fetchPage,
  renderItem,
  empty,
  keyOf = (item) => item.id,
}: {
  /** Starts with 'records' so a money movement refreshes it. */
  queryKey: QueryKey;
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  /** When ids repeat across kinds of items (the asset records). */
  keyOf?: (item: T) => string | number;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, LIMIT),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0
        ? last.page + 1
        : undefined,
    refetchOnMount: 'always',
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending) return <div className="hx-placeholder" aria-busy="true" />;
  if (query.isError && items.length === 0)
    return (
      <EmptyState text={query.error.message}>
        <button type="button" className="hx-link-button" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      <ul className="hx-records">
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const result = await query.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      >
        {/* Our own words: antd-mobile's are missing in Spanish and odd in Japanese. */}
        {(hasMore: boolean, failed: boolean, retry: () => void) =>
          failed ? (
            <>
              {t('common.loadFailed')}{' '}
              <button type="button" className="hx-link-button" onClick={retry}>
                {t('common.retry')}
              </button>
            </>
          ) : hasMore ? (
            <DotLoading />
          ) : (
            t('common.noMore')
          )
        }
      </InfiniteScroll>
    </>
  );
}
