import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSocketStatus } from '../../../api/useChannel.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { AlertBell } from '../../../features/alerts/AlertBell.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { useLiveTickers } from '../../../features/market/live.ts';
import { futuresQuotesQuery } from '../../../features/market/queries.ts';
import { QuoteRow } from '../../../features/market/QuoteRow.tsx';
import { TID } from '../../../testids.ts';
import '../../../features/market/market.css';
import { QuoteTabs } from '../../../features/market/QuoteTabs.tsx';
import { KnownQuoteList } from '../../../features/market/StaleMark.tsx';
import { useKnownQuotes } from '../../../features/market/useKnownQuotes.ts';

const TABS = ['forex', 'futures'] as const;
type Tab = (typeof TABS)[number];

/** Forex pairs and futures quotes in two tabs, live from the socket (polled while it is down). */
export default function ForexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('forex');
  const live = useSocketStatus() === 'open';
  const quotes = useQuery({ ...futuresQuotesQuery, refetchInterval: live ? false : 5000 });
  const known = useKnownQuotes('futures', quotes);
  useLiveTickers();
  const shown = (known.quotes ?? []).filter((q) => q.kind === tab);
  const open = (symbol: string) => void navigate(`/pages/foreignExchange/details?symbol=${symbol}`);

  let body;
  if (known.loading) {
    body = (
      <div className="hx-market-loading">
        <span className="hx-spinner" />
      </div>
    );
  } else if (!known.quotes) {
    body = (
      <EmptyState text={t('market.loadFailed')}>
        <Button size="small" onClick={() => void quotes.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = <EmptyState text={t('market.empty')} />;
  } else {
    body = shown.map((quote) => (
      <QuoteRow
        key={quote.symbol}
        quote={quote}
        onOpen={open}
        testId={TID.forex.row(quote.symbol)}
      />
    ));
  }

  return (
    <PageFrame
      title={
        <span className="hx-kline-title">
          {t('forex.title')}
          <DemoMarketTag />
        </span>
      }
      right={<AlertBell />}
    >
      <section className="hx-market hx-market--page">
        <QuoteTabs
          tabs={TABS}
          current={tab}
          onChange={setTab}
          label={(key) => t(`forex.tabs.${key}`)}
          testId={TID.forex.tab}
        />
        <div className="hx-quote-columns" aria-hidden="true">
          <span>{t('forex.columns.name')}</span>
          <span>{t('market.columns.price')}</span>
          <span>{t('market.columns.change')}</span>
        </div>
        <KnownQuoteList since={known.staleSince}>{body}</KnownQuoteList>
      </section>
    </PageFrame>
  );
}
