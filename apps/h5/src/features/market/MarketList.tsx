import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { EmptyState } from '../../components/EmptyState.tsx';
import { sortQuotes, type QuoteSort } from '../../lib/market.ts';
import { loginPath } from '../../lib/redirect.ts';
import { TID } from '../../testids.ts';
import { usePricing } from '../pricing/usePricing.ts';
import { useSession } from '../../api/session-store.ts';
import { DemoMarketTag } from './DemoMarketTag.tsx';
import { estimateOf, klinePath } from './format.ts';
import { useLiveTickers } from './live.ts';
import { spotQuotesQuery, useFavourites } from './queries.ts';
import { QuoteRow } from './QuoteRow.tsx';
import './market.css';
import { QuoteTabs } from './QuoteTabs.tsx';
import { KnownQuoteList } from './StaleMark.tsx';
import { useKnownQuotes } from './useKnownQuotes.ts';

const MARKET_TABS = ['all', 'gainers', 'losers', 'volume', 'favourites'] as const;
type MarketTab = (typeof MARKET_TABS)[number];

/** The home page's market: live spot quotes in tabs (all, gainers, losers, volume, favourites). */
export function MarketList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [tab, setTab] = useState<MarketTab>('all');
  const quotes = useQuery(spotQuotesQuery);
  const known = useKnownQuotes('spot', quotes);
  const favourites = useFavourites();
  const pricing = usePricing();
  useLiveTickers();
  // Live quotes re-render the rows in the background (a transition React splits), so a tick or
  // the first answer does not hold the main thread for the whole list at once.
  const quotesShown = useDeferredValue(known.quotes);
  const catchingUp = quotesShown === undefined && known.quotes !== undefined;

  const shown = useMemo(() => {
    const list = quotesShown ?? [];
    if (tab === 'all') return list;
    if (tab === 'favourites') return list.filter((q) => favourites.symbols.includes(q.symbol));
    return sortQuotes(list, tab satisfies QuoteSort);
  }, [quotesShown, tab, favourites.symbols]);

  const open = useCallback((symbol: string) => void navigate(klinePath(symbol)), [navigate]);

  let body;
  if (tab === 'favourites' && !session) {
    body = (
      <EmptyState text={t('market.favouritesLogin')}>
        <Button color="primary" size="small" onClick={() => navigate(loginPath())}>
          {t('home.loginRegister')}
        </Button>
      </EmptyState>
    );
  } else if (known.loading || catchingUp) {
    body = (
      <div className="hx-market-loading">
        <span className="hx-spinner" />
      </div>
    );
  } else if (!quotesShown) {
    body = (
      <EmptyState text={t('market.loadFailed')}>
        <Button size="small" onClick={() => void quotes.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState text={tab === 'favourites' ? t('market.favouritesEmpty') : t('market.empty')} />
    );
  } else {
    body = shown.map((quote) => (
      <QuoteRow
        key={quote.symbol}
        quote={quote}
        onOpen={open}
        estimate={estimateOf(quote, pricing)}
        testId={TID.market.row(quote.symbol)}
        priceTestId={TID.market.price(quote.symbol)}
      />
    ));
  }

  return (
    <section className="hx-market" aria-labelledby="hx-market-title">
      <header className="hx-market-header">
        <h2 id="hx-market-title">{t('market.title')}</h2>
        <DemoMarketTag />
        <button
          type="button"
          className="hx-market-more"
          onClick={() => navigate('/pages/foreignExchange/index')}
          data-testid={TID.market.forexLink}
        >
          {t('market.forexEntry')}
          <RightOutline />
        </button>
      </header>
      <QuoteTabs
        tabs={MARKET_TABS}
        current={tab}
        onChange={setTab}
        label={(key) => t(`market.tabs.${key}`)}
        testId={TID.market.tab}
      />
      <div className="hx-quote-columns" aria-hidden="true">
        <span>{t('market.columns.pair')}</span>
        <span>{t('market.columns.price')}</span>
        <span>{t('market.columns.change')}</span>
      </div>
      <KnownQuoteList since={known.staleSince}>{body}</KnownQuoteList>
    </section>
  );
}
