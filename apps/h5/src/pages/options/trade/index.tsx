import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { OptionPeriod, OptionStatus, OptionType } from '@hx/protocol';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DerivativesSwitch } from '../../../features/navigation/DerivativesSwitch.tsx';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { useSymbolQuote } from '../../../features/market/useSymbolQuote.ts';
import { percent, periodLabel, priceText } from '../../../features/options/calc.ts';
import { IndexName } from '../../../features/options/IndexName.tsx';
import { OptionChart } from '../../../features/options/OptionChart.tsx';
import { OrderItem } from '../../../features/options/OrderItem.tsx';
import { PurchasePopup } from '../../../features/options/PurchasePopup.tsx';
import { optionInfoQuery, optionOrdersQuery } from '../../../features/options/queries.ts';
import { useNow } from '../../../features/options/useNow.ts';
import { useSession } from '../../../api/session-store.ts';
import { useLocale } from '../../../i18n/index.ts';
import { marketParam } from '../../../lib/params.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/options/options.css';
import { Segments } from '../../../components/Segments.tsx';

const TYPES: OptionType[] = ['call', 'even', 'put'];

/**
 * Tab 2, timed options: a symbol with its live price and time-share line, the operator's periods
 * (payout and minimum), call / even / put, the purchase sheet, and the open orders (with their
 * countdown) and history. Everything settles on recorded prices; the detail page shows them.
 */
export default function OptionTabPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession()?.token;
  const [params, setParams] = useSearchParams();
  const asked = marketParam(params.get('symbol'), 'BTCUSDT');
  const [seconds, setSeconds] = useState<number | null>(null);
  const [buying, setBuying] = useState<OptionType | null>(null);
  const [tab, setTab] = useState<OptionStatus>('open');

  const info = useQuery(optionInfoQuery(token));
  // A symbol options are not offered on (or a malformed one) falls back to the first offered.
  const offered = info.data?.symbols;
  const symbol =
    offered && !offered.some((s) => s.symbol === asked) ? (offered[0]?.symbol ?? asked) : asked;
  const quote = useSymbolQuote(symbol, 'index'); // what options settle on, not the pair's trades
  const periods = info.data?.periods ?? [];
  const period = periods.find((p) => p.seconds === seconds) ?? periods[0];
  const currency = info.data?.currencies[0];
  const orders = useQuery({
    ...optionOrdersQuery(tab, token),
    // An order past delivery settles within seconds: look again until it has.
    refetchInterval: (q) =>
      tab === 'open' && (q.state.data?.list.length ?? 0) > 0 ? 3_000 : false,
  });
  const list = orders.data?.list ?? [];
  const now = useNow(tab === 'open' && list.length > 0);

  const precision =
    quote.data && 'price_precision' in quote.data
      ? quote.data.price_precision
      : info.data?.symbols.find((s) => s.symbol === symbol)?.price_precision;
  const price = quote.data?.price ?? null;

  const start = async (type: OptionType) => {
    if (!token) return navigate(loginPath(location.pathname + location.search));
    if (!period) return;
    if (info.data && !info.data.kyc_ok) {
      const go = await Dialog.confirm({
        content: t('options.kycFirst'),
        confirmText: t('options.goVerify'),
        cancelText: t('common.cancel'),
      });
      if (go) navigate('/pages/verification/basic');
      return;
    }
    setBuying(type);
  };

  return (
    <PageFrame title={<DerivativesSwitch current="options" />} back={false}>
      <SymbolTabs
        symbols={info.data?.symbols ?? []}
        current={symbol}
        onPick={(next) => setParams({ symbol: next }, { replace: true })}
      />
      <section className="hx-option-quote">
        <div>
          <IndexName symbol={symbol} />
          <div className="hx-option-quote-price" data-testid={TID.options.price}>
            {priceText(price, locale)}
          </div>
        </div>
        <DemoMarketTag />
      </section>
      {precision !== undefined && (
        <OptionChart
          symbol={symbol}
          precision={precision}
          seconds={period?.seconds ?? 60}
          testId={TID.options.chart}
        />
      )}

      <PeriodPicker periods={periods} current={period?.seconds} onPick={setSeconds} />

      <section className="hx-option-actions">
        {TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={`hx-option-buy hx-option-buy--${type}`}
            disabled={!period}
            onClick={() => void start(type)}
            data-testid={TID.options.buy(type)}
          >
            {t(`options.types.${type}`)}
          </button>
        ))}
      </section>

      {period && <TypeRules rate={period.profit_rate} />}

      <Segments
        className="hx-option-tabs"
        options={['open', 'settled'] as const}
        value={tab}
        onChange={setTab}
        label={(key) => t(`options.tabs.${key}`)}
        testId={TID.options.tab}
      />
      <section className="hx-option-list" data-testid={TID.options.list(tab)}>
        {!token ? (
          <EmptyState text={t('options.loginToSee')}>
            <Link to={loginPath(location.pathname + location.search)} className="hx-link">
              {t('options.login')}
            </Link>
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState text={t(tab === 'open' ? 'options.noOpen' : 'options.noHistory')} />
        ) : (
          list.map((order) => <OrderItem key={order.id} order={order} now={now} />)
        )}
      </section>

      {period && currency && (
        <PurchasePopup
          symbol={symbol}
          type={buying}
          period={period}
          currency={currency}
          price={price}
          precision={precision}
          onClose={() => setBuying(null)}
        />
      )}
    </PageFrame>
  );
}

/** The operator's periods, each with its payout rate and minimum. */
function PeriodPicker({
  periods,
  current,
  onPick,
}: {
  periods: OptionPeriod[];
  current: number | undefined;
  onPick: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="hx-option-periods" aria-label={t('options.period')}>
      {periods.map((p) => (
        <button
          key={p.seconds}
          type="button"
          className={
            p.seconds === current ? 'hx-option-period hx-option-period--active' : 'hx-option-period'
          }
          aria-pressed={p.seconds === current}
          onClick={() => onPick(p.seconds)}
          data-testid={TID.options.period(p.seconds)}
        >
          <strong>{periodLabel(p.seconds)}</strong>
          <span>{percent(p.profit_rate, locale)}</span>
          <small>{t('options.minShort', { min: p.min_amount })}</small>
        </button>
      ))}
    </section>
  );
}

/** Before buying: what each type pays and how its result is decided. */
function TypeRules({ rate }: { rate: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul className="hx-option-rules">
      {TYPES.map((type) => (
        <li key={type} data-testid={TID.options.rule(type)}>
          <b>{t(`options.types.${type}`)}</b>
          {' · '}
          {t(`options.rule.${type}`, { rate: percent(rate, locale) })}
        </li>
      ))}
    </ul>
  );
}

/** The symbols options are offered on. */
function SymbolTabs({
  symbols,
  current,
  onPick,
}: {
  symbols: readonly { symbol: string; name: string }[];
  current: string;
  onPick: (symbol: string) => void;
}) {
  return (
    <div className="hx-option-symbols" role="tablist">
      {symbols.map((s) => (
        <button
          key={s.symbol}
          type="button"
          role="tab"
          aria-selected={s.symbol === current}
          className={s.symbol === current ? 'hx-chip hx-chip--active' : 'hx-chip'}
          onClick={() => onPick(s.symbol)}
          data-testid={TID.options.symbol(s.symbol)}
        >
          {s.name}
        </button>
      ))}
    </div>
  );
}
