import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
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
import type { OrderSide } from '../../../features/spot/types.ts';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const locale = useLocale();
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

  // Live prices and the book re-render what shows them in the background (a transition React
  // interrupts and splits), not the whole page in one task per socket message.
  const live = useSymbolQuote(symbol);
  const kept = useMemo(
    () => (!live.data && (!online || live.isError) && symbol ? keptMarket.ticker(symbol) : null),
    [live.data, live.isError, online, symbol],
  );
  const quote = useDeferredValue(live.data ?? kept?.quote);
  useEffect(() => {
    if (pairs.data) keptMarket.keepPairs(pairs.data);
  }, [pairs.data]);
  useEffect(() => {
    // A list's quote stands in at first (placeholder): it is as recent as now.
    if (live.data)
      keptMarket.keepTicker(live.data, live.isPlaceholderData ? Date.now() : live.dataUpdatedAt);
  }, [live.data, live.isPlaceholderData, live.dataUpdatedAt]);
  const deal = useDeal(symbol);
  const dealData = useDeferredValue(deal.data);
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
  else if (!pair)
    body = (
      // Offline, trading waits for the connection (nothing is queued); the bar says so too.
      <EmptyState text={t(online ? 'spot.loadFailed' : 'connection.offlineError')}>
        <Button size="small" onClick={() => void pairs.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <div className="hx-spot">
        {!pairs.data && (
          // The last known pair and price: trading itself waits for the connection.
          <div className="hx-spot-kept" data-testid={TID.spot.keptNote}>
            {kept && <StaleMark since={kept.time} />}
            <p className="hx-form-hint">{t('connection.offlineError')}</p>
          </div>
        )}
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
        <div className="hx-spot-panel">
          {tab === 'trades' ? (
            <RecentTrades pair={pair} trades={dealData?.trades} />
          ) : session ? (
            <OrderList key={`${tab}-${pair.symbol}`} kind={tab} pair={pair} />
          ) : (
            <EmptyState text={t('spot.loginOrders')}>
              <Button color="primary" size="small" onClick={toLogin} data-testid={TID.spot.login}>
                {t('home.loginRegister')}
              </Button>
            </EmptyState>
          )}
        </div>
      </div>
    );

  return (
    <PageFrame
      back={false}
      title={
        <span className="hx-spot-title">
          <PairPicker pairs={pairList ?? []} current={pair} onPick={pickPair} />
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
      }
      right={
        symbol ? (
          <NavAction
            label={t('spot.chart')}
            icon={<HistogramOutline />}
            to={klinePath(symbol)}
            testId={TID.spot.kline}
          />
        ) : undefined
      }
    >
      {body}
    </PageFrame>
  );
}
