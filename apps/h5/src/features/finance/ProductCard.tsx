import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FinanceProduct } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { percent, plainAmount, productName } from './format.ts';
import './finance.css';

/** One product: daily yield, cycle and minimum; opens the buy page. */
export function ProductCard({ product }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-fin-product"
      onClick={() => navigate(`/pages/finance/buyPage?id=${product.id}`)}
      data-testid={TID.finance.product(product.id)}
    >
      <div className="hx-fin-product-head">
        <span>{productName(t, product)}</span>
        <span className="hx-fin-tag">{t('finance.daysValue', { days: product.days })}</span>
      </div>
      <div className="hx-fin-product-body">
        <div>
          <div className="hx-fin-rate">{percent(product.daily_rate, locale)}</div>
          <div className="hx-fin-caption">{t('finance.dailyRate')}</div>
        </div>
        <div>
          <div className="hx-fin-value">
            {plainAmount(product.min_amount, locale)} {product.currency_name}
          </div>
          <div className="hx-fin-caption">{t('finance.minAmount')}</div>
        </div>
        <span className="hx-fin-buy" data-testid={TID.finance.productBuy(product.id)}>
          {t('finance.buy')}
        </span>
      </div>
    </button>
  );
}
