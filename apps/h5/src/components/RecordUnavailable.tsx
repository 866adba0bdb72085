import type { ComponentProps, ReactNode } from 'react';
import type { RecordView } from '../lib/params.ts';
import { FailedState } from './FailedState.tsx';
import { NotFoundState } from './NotFoundState.tsx';

/**
 * What a page about one record shows while it does not have it: a placeholder while it loads,
 * "not found" with the way to its list, or the failure with a retry.
 */
export function RecordUnavailable({
  view,
  query,
  notFound,
  loading = <div className="hx-placeholder" aria-busy="true" />,
}: {
  view: RecordView;
  query: { error: Error | null; refetch: () => unknown };
  notFound: ComponentProps<typeof NotFoundState>;
  loading?: ReactNode;
}) {
  if (view === 'missing') return <NotFoundState {...notFound} />;
  if (view === 'failed') return <FailedState error={query.error} onRetry={() => query.refetch()} />;
  return view === 'loading' ? loading : null;
}
