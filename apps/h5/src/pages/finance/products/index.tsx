import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { ProductList } from '../../../features/finance/ProductList.tsx';
import { productsQuery } from '../../../features/finance/queries.ts';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { TID } from '../../../testids.ts';

/** Every product on sale. */
export default function FinanceProductsPage() {
  const { t } = useTranslation();
  const products = useQuery({ ...productsQuery, refetchOnMount: 'always' });
  return (
    <PageFrame
      title={t('finance.products')}
      right={
        <NavAction
          label={t('finance.links.rules')}
          icon={<QuestionCircleOutline />}
          to="/pages/finance/rulePage"
          testId={TID.finance.rules}
        />
      }
    >
      <Refreshable onRefresh={() => products.refetch()}>
        <div className="hx-fin-list-top" />
        <ProductList query={products} />
      </Refreshable>
    </PageFrame>
  );
}
