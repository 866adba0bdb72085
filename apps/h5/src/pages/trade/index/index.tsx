import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useOnline } from '../../../features/connection/online.ts';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { klinePath } from '../../../features/market/format.ts';
import { StaleMark } from '../../../features/market/StaleMark.tsx';
import { useSymbolQuote } from '../../../features/market/useSymbolQuote.ts';
import { useSession } from '../../../api/session-store.ts';
import { floorToStep } from '../../../features/spot/calc.ts';
import { keptMarket } from '../../../features/spot/keptMarket.ts';
import { DepthBook } from '../../../features/spot/DepthBook.tsx';
import { OrderForm } from '../../../features/spot/OrderForm.tsx';
import { OrderList } from '../../../features/spot/OrderList.tsx';
import { PairPicker } from '../../../features/spot/PairPicker.tsx';
import { useDeal, usePairs } from '../../../features/spot/queries.ts';
import { RecentTrades } from '../../../features/spot/RecentTrades.tsx';
import { SpotTabs, type SpotTab } from '../../../features/spot/SpotTabs.tsx';
import type { MarketTrade, OrderSide, SpotPair } from '../../../features/spot/types.ts';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { walletListQuery } from '../../../features/wallet/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { directionOf, formatChange } from '../../../lib/market.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../../../features/market/market.css';
import '../../../features/wallet/styles.ts';
import '../trade.css';

/** The pair last traded here, for when the tab bar opens the page without one. */
let lastSymbol = 'BTCUSDT';

/**
 * Spot trading (tab 1): the pair (`?symbol=`), buy or sell (`?side=`), the order form beside the
 * live book, then the user's open and finished orders and the pair's recent trades.
 */
export default function TradePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const pairs = usePairs();
  const online = useOnline();
  // Offline (or the server unreachable), the pairs and prices last seen stand in, marked stale.
  const fallBack = !pairs.data && (!online || pairs.isError);
  const keptPairs = useMemo(() => (fallBack ? keptMarket.pairs() : null), [fallBack]);
  const pairList = pairs.data ?? keptPairs ?? undefined;
  const wanted = (params.get('symbol') || lastSymbol).toUpperCase();
  const pair = pairList?.find((p) => p.symbol === wanted) ?? pairList?.[0];
  const symbol = pair?.symbol ?? '';
  const side: OrderSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  // `?tab=history` (a notification of a fill) opens the finished orders.
  const [tab, setTab] = useState<SpotTab>(() =>
    params.get('tab') === 'history' ? 'history' : 'open',
  );
  const [price, setPrice] = useState('');
  const [priced, setPriced] = useState('');

  const { quote, kept } = usePairQuote(symbol, online);
  useEffect(() => {
    if (pairs.data) keptMarket.keepPairs(pairs.data);
  }, [pairs.data]);
  const deal = useDeal(symbol);
  const dealData = useDeferredValue(deal.data);
  const balances = usePairBalances(pair);

  // The pair's reference price (the market's last), else the book's latest trade.
  const last = quote?.price ?? dealData?.trades[0]?.price ?? undefined;
  const best = side === 'buy' ? dealData?.asks[0]?.[0] : dealData?.bids[0]?.[0];

  // The price starts at the last price, once per pair (adjusted while rendering, not in an effect).
  if (pair && priced !== pair.symbol && last) {
    setPrice(floorToStep(last, pair.tick));
    setPriced(pair.symbol);
  }
  const tick = pair?.tick;
  const pick = useCallback(
    (level: string) => tick !== undefined && setPrice(floorToStep(level, tick)),
    [tick],
  );
  useEffect(() => {
    if (symbol) lastSymbol = symbol;
  }, [symbol]);

  // Stable callbacks, so a memoised form or book does not re-render for a new function.
  const change = useCallback(
    (next: { symbol?: string; side?: OrderSide }) => {
      const merged = new URLSearchParams(params);
      if (next.symbol) merged.set('symbol', next.symbol);
      if (next.side) merged.set('side', next.side);
      setParams(merged, { replace: true });
    },
    [params, setParams],
  );
  const onSide = useCallback((s: OrderSide) => change({ side: s }), [change]);
  const pickPair = useCallback(
    (next: string) => {
      if (next === symbol) return;
      setPrice('');
      setPriced('');
      change({ symbol: next });
    },
    [symbol, change],
  );
  const back = `${location.pathname}${location.search}`;
  const toLogin = useCallback(() => navigate(loginPath(back)), [navigate, back]);

  let body;
  if (pairs.isPending && !pair) body = <div className="hx-placeholder" aria-busy="true" />;
  else if (!pair) body = <PairsFailed online={online} onRetry={() => void pairs.refetch()} />;
  else
    body = (
      <div className="hx-spot">
        {!pairs.data && <KeptNote since={kept?.time} />}
        <div className="hx-spot-top">
          <OrderForm
            key={pair.symbol}
            pair={pair}
            side={side}
            onSide={onSide}
            price={price}
            onPrice={setPrice}
            balances={balances}
            reference={best ?? last}
            lastTrade={dealData?.trades[0]?.price}
            loggedIn={session !== null}
            onLogin={toLogin}
          />
          <DepthBook
            pair={pair}
            deal={dealData}
            last={last}
            direction={directionOf(quote?.change)}
            onPick={pick}
          />
        </div>
        <SpotTabs tab={tab} onChange={setTab} />
        <SpotPanel tab={tab} pair={pair} trades={dealData?.trades} onLogin={toLogin} />
      </div>
    );

  return (
    <PageFrame
      back={false}
      title={<SpotTitle pairs={pairList ?? []} pair={pair} quote={quote} onPick={pickPair} />}
      right={symbol ? <HeaderActions symbol={symbol} /> : undefined}
    >
      {body}
    </PageFrame>
  );
}

/** The pair's chart, and a recurring buy of it (the bots' form with the pair preset). */
function HeaderActions({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <span className="hx-header-actions">
      <NavAction
        label={t('bots.open')}
        icon={<LoopOutline />}
        to={`/pages/bots/recurring?symbol=${symbol}`}
        testId={TID.bots.open}
      />
      <NavAction
        label={t('spot.chart')}
        icon={<HistogramOutline />}
        to={klinePath(symbol)}
        testId={TID.spot.kline}
      />
    </span>
  );
}

/**
 * The pair's quote: live (re-rendering what shows it in the background, a transition React
 * interrupts and splits), else the one last seen, marked stale, while offline.
 */
function usePairQuote(symbol: string, online: boolean) {
  const live = useSymbolQuote(symbol);
  const kept = useMemo(
    () => (!live.data && (!online || live.isError) && symbol ? keptMarket.ticker(symbol) : null),
    [live.data, live.isError, online, symbol],
  );
  const quote = useDeferredValue(live.data ?? kept?.quote);
  useEffect(() => {
    // A list's quote stands in at first (placeholder): it is as recent as now.
    if (live.data)
      keptMarket.keepTicker(live.data, live.isPlaceholderData ? Date.now() : live.dataUpdatedAt);
  }, [live.data, live.isPlaceholderData, live.dataUpdatedAt]);
  return { quote, kept };
}

/** The logged-in user's available base and quote coins (undefined for a visitor). */
function usePairBalances(pair: SpotPair | undefined) {
  const session = useSession();
  const wallet = useQuery({
    ...walletListQuery,
    enabled: session !== null,
    refetchOnMount: 'always',
  });
  const balances = useMemo(() => {
    const balanceOf = (currencyId: number | undefined) =>
      session && wallet.data
        ? (wallet.data.currency.find((c) => c.currency_id === currencyId)?.available ?? '0')
        : undefined;
    return { base: balanceOf(pair?.base_currency_id), quote: balanceOf(pair?.quote_currency_id) };
  }, [session, wallet.data, pair?.base_currency_id, pair?.quote_currency_id]);
  return balances;
}

/** The last known pair and price stand in: trading itself waits for the connection. */
function KeptNote({ since }: { since: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="hx-spot-kept" data-testid={TID.spot.keptNote}>
      {since !== undefined && <StaleMark since={since} />}
      <p className="hx-form-hint">{t('connection.offlineError')}</p>
    </div>
  );
}

/** Under the tabs: the user's open or finished orders (login for a visitor), or recent trades. */
function SpotPanel({
  tab,
  pair,
  trades,
  onLogin,
}: {
  tab: SpotTab;
  pair: SpotPair;
  trades: readonly MarketTrade[] | undefined;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="hx-spot-panel">
      {tab === 'trades' ? (
        <RecentTrades pair={pair} trades={trades} />
      ) : session ? (
        <OrderList key={`${tab}-${pair.symbol}`} kind={tab} pair={pair} />
      ) : (
        <EmptyState text={t('spot.loginOrders')}>
          <Button color="primary" size="small" onClick={onLogin} data-testid={TID.spot.login}>
            {t('home.loginRegister')}
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

/** The pair picker, its 24 h change and the demo market's tag. */
function SpotTitle({
  pairs,
  pair,
  quote,
  onPick,
}: {
  pairs: SpotPair[];
  pair: SpotPair | undefined;
  quote: { change?: string | null } | undefined;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <span className="hx-spot-title">
      <PairPicker pairs={pairs} current={pair} onPick={onPick} />
      {quote && (
        <span
          className={`hx-spot-change hx-spot-change--${directionOf(quote.change)}`}
          aria-label={t('spot.change24h', { change: formatChange(quote.change, locale) })}
          data-testid={TID.spot.change}
          data-direction={directionOf(quote.change)}
        >
          {formatChange(quote.change, locale)}
        </span>
      )}
      <DemoMarketTag />
    </span>
  );
}

/** No pairs: offline, trading waits for the connection (nothing is queued); the bar says so too. */
function PairsFailed({ online, onRetry }: { online: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={t(online ? 'spot.loadFailed' : 'connection.offlineError')}>
      <Button size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
