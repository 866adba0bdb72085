import { memo, useState } from 'react';
import { Popup } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import type { MarketQuote } from '@hx/protocol';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { TID } from '../../testids.ts';
import { useQuoteText } from '../market/format.ts';
import { useLiveTickers } from '../market/live.ts';
import { spotQuotesQuery } from '../market/queries.ts';
import type { SpotPair } from './types.ts';

function PairRow({
  pair,
  quote,
  current,
  onPick,
}: {
  pair: SpotPair;
  quote: MarketQuote | undefined;
  current: boolean;
  onPick: () => void;
}) {
  const text = useQuoteText(quote ? { ...quote, price_precision: pair.price_decimals } : undefined);
  return (
    <button
      type="button"
      role="option"
      aria-selected={current}
      className={current ? 'hx-spot-pair-row hx-spot-pair-row--current' : 'hx-spot-pair-row'}
      data-testid={TID.spot.pairItem(pair.symbol)}
      onClick={onPick}
    >
      <span className="hx-spot-pair-name">
        {pair.base}
        <small>/{pair.quote}</small>
      </span>
      <span className={`hx-spot-pair-price hx-${text?.direction ?? 'flat'}`}>
        {text?.price ?? '--'}
      </span>
      <span className={`hx-quote-change hx-quote-change--${text?.direction ?? 'flat'}`}>
        {text?.change ?? '--'}
      </span>
    </button>
  );
}

/** The pairs with their live last price and 24 h change (live only while the list is open). */
function PairList({
  pairs,
  current,
  onPick,
}: {
  pairs: readonly SpotPair[];
  current: SpotPair | undefined;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const quotes = useQuery(spotQuotesQuery);
  useLiveTickers();
  return (
    <div role="listbox" className="hx-spot-pair-list">
      {pairs.map((pair) => (
        <PairRow
          key={pair.symbol}
          pair={pair}
          quote={quotes.data?.find((q) => q.symbol === pair.symbol)}
          current={pair.symbol === current?.symbol}
          onPick={() => onPick(pair.symbol)}
        />
      ))}
      {pairs.length === 0 && <EmptyState text={t('spot.noPairs')} />}
    </div>
  );
}

/** The pair in the navigation bar; tapping it opens the list of pairs with a search. */
export const PairPicker = memo(function PairPicker({
  pairs,
  current,
  onPick,
}: {
  pairs: readonly SpotPair[];
  current: SpotPair | undefined;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const needle = query.trim().toUpperCase().replace('/', '');
  const shown = needle ? pairs.filter((p) => p.symbol.includes(needle)) : pairs;
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <>
      <button
        type="button"
        className="hx-spot-pair"
        aria-haspopup="listbox"
        onClick={() => setOpen(true)}
        data-testid={TID.spot.pair}
      >
        {current?.name ?? '--'}
        <DownOutline className="hx-spot-pair-caret" />
      </button>
      <Popup
        visible={open}
        position="left"
        onMaskClick={close}
        onClose={close}
        bodyClassName="hx-spot-pairs"
        destroyOnClose
      >
        <h2 className="hx-sheet-title">{t('spot.choosePair')}</h2>
        <TextInput
          type="search"
          value={query}
          onChange={setQuery}
          placeholder={t('spot.searchPair')}
          testId={TID.spot.pairSearch}
        />
        <PairList
          pairs={shown}
          current={current}
          onPick={(symbol) => {
            close();
            onPick(symbol);
          }}
        />
      </Popup>
    </>
  );
});
