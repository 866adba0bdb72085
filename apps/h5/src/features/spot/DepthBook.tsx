import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import type { ChangeDirection } from '../../lib/market.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { cumulativeDepth, type DepthRow } from './calc.ts';
import type { Deal, SpotPair } from './types.ts';

/** Levels shown per side: what fits beside the order form at 375×812. */
export const BOOK_LEVELS = 7;

function Row({
  row,
  side,
  index,
  pair,
  onPick,
}: {
  row: DepthRow | undefined;
  side: 'ask' | 'bid';
  index: number;
  pair: SpotPair;
  onPick: (price: string) => void;
}) {
  const locale = useLocale();
  if (!row) return <li className="hx-depth-row hx-depth-row--empty" aria-hidden="true" />;
  return (
    <li>
      <button
        type="button"
        className={`hx-depth-row hx-depth-row--${side}`}
        style={{ ['--share' as string]: `${row.share}%` }}
        onClick={() => onPick(row.price)}
        data-testid={side === 'ask' ? TID.spot.ask(index) : TID.spot.bid(index)}
        data-price={row.price}
      >
        <span className="hx-depth-price">
          {floorFormat(row.price, pair.price_decimals, locale)}
        </span>
        <span className="hx-depth-amount">
          {floorFormat(row.amount, pair.amount_decimals, locale)}
        </span>
      </button>
    </li>
  );
}

/**
 * The order book: asks above (best at the bottom), the last price, bids below (best on top);
 * the bar behind each level is its cumulative size. Tapping a level takes its price.
 */
export const DepthBook = memo(function DepthBook({
  pair,
  deal,
  last,
  direction,
  onPick,
}: {
  pair: SpotPair;
  deal: Deal | undefined;
  last: string | undefined;
  direction: ChangeDirection;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const book = cumulativeDepth(deal?.bids ?? [], deal?.asks ?? [], BOOK_LEVELS);
  const levels = Array.from({ length: BOOK_LEVELS }, (_, i) => i);
  return (
    <section className="hx-depth" aria-label={t('spot.price')}>
      <div className="hx-depth-head">
        <span>{t('spot.bookPrice', { coin: pair.quote })}</span>
        <span>{t('spot.bookAmount', { coin: pair.base })}</span>
      </div>
      <ol className="hx-depth-side">
        {levels
          .map((i) => (
            <Row key={i} row={book.asks[i]} side="ask" index={i} pair={pair} onPick={onPick} />
          ))
          .reverse()}
      </ol>
      <button
        type="button"
        className={`hx-depth-last hx-${direction}`}
        onClick={() => last && onPick(last)}
        data-testid={TID.spot.last}
      >
        {last ? floorFormat(last, pair.price_decimals, locale) : '--'}
      </button>
      <ol className="hx-depth-side">
        {levels.map((i) => (
          <Row key={i} row={book.bids[i]} side="bid" index={i} pair={pair} onPick={onPick} />
        ))}
      </ol>
    </section>
  );
});
