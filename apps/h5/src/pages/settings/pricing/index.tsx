import { List, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useLiveTickers } from '../../../features/market/live.ts';
import { futuresQuotesQuery } from '../../../features/market/queries.ts';
import {
  CURRENCY_RULES,
  PRICING_CURRENCIES,
  rateOf,
  type PricingCurrency,
} from '../../../features/pricing/currencies.ts';
import { setPricingCurrency, usePricingChoice } from '../../../features/pricing/usePricing.ts';
import { useSession } from '../../../api/session-store.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';

/** The name of a forex symbol as quoted: 'USDCNH' → 'USD/CNH'. */
const pairName = (symbol: string) => `${symbol.slice(0, 3)}/${symbol.slice(3)}`;

/** Pricing method: the currency totals are shown in, at rates from the forex quotes. */
export default function PricingPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const userId = useSession()?.user.id;
  const choice = usePricingChoice();
  const quotes = useQuery(futuresQuotesQuery);
  useLiveTickers();

  const choose = (currency: PricingCurrency) => {
    setPricingCurrency(userId, currency);
    Toast.show({ content: t('pricing.saved', { currency }) });
  };

  return (
    <PageFrame title={t('pricing.title')}>
      <p className="hx-form-hint hx-pricing-hint">{t('pricing.hint')}</p>
      <List className="hx-list">
        {PRICING_CURRENCIES.map((currency) => {
          const rule = CURRENCY_RULES[currency];
          const rate = rateOf(currency, quotes.data ?? []);
          const available = rate !== null;
          const description = !rule.symbol
            ? t('pricing.base')
            : available
              ? `${t('pricing.rate', {
                  rate: floorFormat(rate, rule.decimals === 0 ? 3 : 4, locale),
                  currency,
                })} · ${t('pricing.via', { symbol: pairName(rule.symbol) })}`
              : quotes.isPending
                ? t('common.loading')
                : t('pricing.noRate');
          return (
            <List.Item
              key={currency}
              className={available ? undefined : 'hx-list-item--soon'}
              disabled={!available}
              aria-disabled={!available}
              aria-current={choice === currency}
              arrowIcon={false}
              prefix={<span className="hx-pricing-sign">{rule.sign}</span>}
              description={description}
              extra={choice === currency ? <CheckOutline className="hx-check" /> : null}
              onClick={available ? () => choose(currency) : undefined}
              data-testid={TID.pricing.option(currency)}
            >
              {currency} · {t(`pricing.currencies.${currency}`)}
            </List.Item>
          );
        })}
      </List>
    </PageFrame>
  );
}
