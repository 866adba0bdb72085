import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { ProductList } from '../../../features/finance/ProductList.tsx';
import { productsQuery, reportQuery } from '../../../features/finance/queries.ts';
import { Summary } from '../../../features/finance/Summary.tsx';
import { SavingsSection } from '../../../features/finance/savings/SavingsSection.tsx';
import { savingsQuery } from '../../../features/finance/queries.ts';
import { TID } from '../../../testids.ts';

const LINKS = [
  { key: 'orders', to: '/pages/finance/ordersPage', Icon: FileOutline, testId: TID.finance.orders },
  {
    key: 'rules',
    to: '/pages/finance/rulePage',
    Icon: QuestionCircleOutline,
    testId: TID.finance.rules,
  },
  {
    key: 'allProducts',
    to: '/pages/finance/index',
    Icon: AppstoreOutline,
    testId: TID.finance.allProducts,
  },
] as const;

/** The finance tab: the user's totals, the ways to orders and rules, flexible savings and the
 * locked products. */
export default function FinanceTabPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const products = useQuery({ ...productsQuery, refetchOnMount: 'always' });
  return (
    <PageFrame title={t('tabPages.finance.title')} back={false}>
      <Refreshable
        onRefresh={() =>
          Promise.all([
            products.refetch(),
            queryClient.invalidateQueries({ queryKey: reportQuery.queryKey }),
            queryClient.invalidateQueries({ queryKey: savingsQuery.queryKey }),
          ])
        }
      >
        <Summary />
        <nav className="hx-fin-links">
          {LINKS.map(({ key, to, Icon, testId }) => (
            <button
              key={key}
              type="button"
              className="hx-fin-link"
              onClick={() => navigate(to)}
              data-testid={testId}
            >
              <Icon />
              <span>{t(`finance.links.${key}`)}</span>
            </button>
          ))}
        </nav>
        <SavingsSection />
        <h2 className="hx-fin-section">{t('finance.products')}</h2>
        <ProductList query={products} />
      </Refreshable>
    </PageFrame>
  );
}
