import { type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../i18n/errors.ts';
import { PickerState } from '../../../components/PickerState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { BuyForm } from '../../../features/finance/BuyForm.tsx';
import { ProductList } from '../../../features/finance/ProductList.tsx';
import { productsQuery } from '../../../features/finance/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { idParam } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/finance/finance.css';

/**
 * Buys a product (`?id=`) from the finance (trust) account. Without a product on sale it offers
 * those that are.
 */
export default function BuyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const products = useQuery(productsQuery);
  const product = products.data?.find((p) => p.id === id);
  if (id !== null && products.isPending) return <Frame />;
  if (!product)
    return (
      <Frame>
        <PickerState
          prompt={t('missing.chooseProduct')}
          note={id === null ? undefined : errorMessage('FINANCE_PRODUCT_INVALID', locale)}
        >
          <ProductList query={products} />
        </PickerState>
      </Frame>
    );
  return (
    <Frame>
      <BuyForm
        product={product}
        onDone={() => navigate('/pages/finance/ordersPage?status=custody', { replace: true })}
      />
    </Frame>
  );
}

function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('finance.buyTitle')}>
      {children ?? <div className="hx-placeholder" aria-busy="true" />}
    </PageFrame>
  );
}
