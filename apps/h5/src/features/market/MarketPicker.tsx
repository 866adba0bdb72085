import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PickerState } from '../../components/PickerState.tsx';
import { TID } from '../../testids.ts';
import { futuresQuotesQuery, spotQuotesQuery, type QuoteList } from './queries.ts';
import { QuoteRow } from './QuoteRow.tsx';
import './market.css';

/** A chart page opened for a market that does not exist: the markets of its list to pick from. */
export function MarketPicker({
  list,
  onPick,
}: {
  list: QuoteList;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const quotes = useQuery(list === 'spot' ? spotQuotesQuery : futuresQuotesQuery);
  let rows;
  if (quotes.isPending) rows = <div className="hx-placeholder" aria-busy="true" />;
  else if (quotes.isError)
    rows = (
      <EmptyState text={t('market.loadFailed')}>
        <Button size="small" onClick={() => void quotes.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    rows = quotes.data.map((quote) => (
      <QuoteRow
        key={quote.symbol}
        quote={quote}
        onOpen={onPick}
        testId={TID.missing.choice(quote.symbol)}
      />
    ));
  return (
    <PickerState prompt={t('missing.chooseMarket')} note={t('missing.unknownMarket')}>
      <div className="hx-market hx-market--page">
        <div className="hx-quote-list">{rows}</div>
      </div>
    </PickerState>
  );
}
