import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FinanceProduct } from '@hx/protocol';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ProductCard } from './ProductCard.tsx';

/** The products on sale, or why there are none. */
export function ProductList({ query }: { query: UseQueryResult<FinanceProduct[]> }) {
  const { t } = useTranslation();
  if (query.isPending) return <div className="hx-placeholder" aria-busy="true" />;
  if (query.isError)
    return (
      <EmptyState text={query.error.message}>
        <button type="button" className="hx-link-button" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  if (query.data.length === 0) return <EmptyState text={t('finance.empty')} />;
  return (
    <ul className="hx-fin-products">
      {query.data.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
