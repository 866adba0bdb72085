import { useState } from 'react';
import { Button, Switch, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavingsHolding, SavingsProduct } from '@hx/protocol';
import { useSession } from '../../../api/session-store.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import { percent, places, plainAmount } from '../format.ts';
import { savingsQuery, setAutoSubscribe } from '../queries.ts';
import { SavingsHistory } from './SavingsHistory.tsx';
import { SavingsSheet, type SavingsAction } from './SavingsSheet.tsx';
import './savings.css';

/** The bands of a tiered rate, "up to 1,000: 10%", "above: 5%"; nothing for a single rate. */
function Tiers({ product }: { product: SavingsProduct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (product.tiers.length < 2) return null;
  return (
    <ul className="hx-sav-tiers">
      {product.tiers.map((tier, i) => {
        const lower = product.tiers[i - 1]?.up_to ?? '0';
        const text =
          tier.up_to === null
            ? t('savings.tierAbove', { amount: plainAmount(lower, locale) })
            : t('savings.tierUpTo', { amount: plainAmount(tier.up_to, locale) });
        return (
          <li key={text}>
            <span>{text}</span>
            <strong>{percent(tier.annual_rate, locale)}</strong>
          </li>
        );
      })}
    </ul>
  );
}

function SavingsCard({
  product,
  holding,
}: {
  product: SavingsProduct;
  holding: SavingsHolding | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<SavingsAction | null>(null);
  const coin = product.currency_name;
  // At the coin's decimals, as the server writes them (600.0000 USDT).
  const money = (v: string | undefined) => floorFormat(v ?? '0', places(v ?? '0'), locale);
  const ids = TID.savings;
  const toggleAuto = async (enabled: boolean) => {
    try {
      await setAutoSubscribe({ currency_id: product.currency_id, enabled });
      await queryClient.invalidateQueries({ queryKey: savingsQuery.queryKey });
    } catch (err) {
      if (err instanceof Error) Toast.show({ content: err.message });
    }
  };
  return (
    <section className="hx-sav-card" data-testid={ids.card(product.currency_id)}>
      <div className="hx-sav-head">
        <strong>{t('savings.productName', { coin })}</strong>
        <span className="hx-fin-tag">{t('savings.flexible')}</span>
      </div>
      <div className="hx-sav-body">
        <div>
          <div className="hx-fin-rate">{percent(product.tiers[0]?.annual_rate ?? '0', locale)}</div>
          <div className="hx-fin-caption">{t('savings.annualRate')}</div>
        </div>
        <div>
          <div className="hx-fin-value" data-testid={ids.holding(product.currency_id)}>
            {money(holding?.amount)} {coin}
          </div>
          <div className="hx-fin-caption">{t('savings.holding')}</div>
        </div>
      </div>
      <Tiers product={product} />
      {holding && (
        <dl className="hx-sav-facts">
          <dt>{t('savings.accrued')}</dt>
          <dd>{money(holding.accrued)}</dd>
          <dt>{t('savings.earnedTotal')}</dt>
          <dd>{money(holding.earned_total)}</dd>
          {holding.redeeming !== '0' && !/^0\.?0*$/.test(holding.redeeming) && (
            <>
              <dt>{t('savings.redeeming')}</dt>
              <dd>{money(holding.redeeming)}</dd>
            </>
          )}
        </dl>
      )}
      <label className="hx-sav-auto">
        <span>{t('savings.auto')}</span>
        <Switch
          checked={holding?.auto_subscribe ?? false}
          onChange={(v) => void toggleAuto(v)}
          data-testid={ids.auto(product.currency_id)}
        />
      </label>
      <div className="hx-sav-actions">
        <Button
          color="primary"
          onClick={() => setAction('subscribe')}
          data-testid={ids.subscribe(product.currency_id)}
        >
          {t('savings.subscribe')}
        </Button>
        <Button
          disabled={!holding || /^0\.?0*$/.test(holding.amount)}
          onClick={() => setAction('redeem')}
          data-testid={ids.redeem(product.currency_id)}
        >
          {t('savings.redeem')}
        </Button>
      </div>
      <SavingsSheet
        action={action}
        product={product}
        holding={holding}
        onClose={() => setAction(null)}
      />
    </section>
  );
}

/** Flexible savings on the finance tab, beside the locked products: one card per coin. */
export function SavingsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const savings = useQuery({
    ...savingsQuery,
    enabled: Boolean(session),
    refetchOnMount: 'always',
  });
  if (!session || !savings.data || savings.data.products.length === 0) return null;
  const { products, holdings, history } = savings.data;
  return (
    <>
      <h2 className="hx-fin-section">{t('savings.title')}</h2>
      {products.map((product) => (
        <SavingsCard
          key={product.currency_id}
          product={product}
          holding={holdings.find((h) => h.currency_id === product.currency_id)}
        />
      ))}
      <SavingsHistory history={history} />
    </>
  );
}
