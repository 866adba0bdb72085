import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketQuote } from '@hx/protocol';
import { useQuoteText } from './format.ts';

/** One line of a quote list: name and 24 h volume, last price (and its value), 24 h change. */
export const QuoteRow = memo(function QuoteRow({
  quote,
  onOpen,
  testId,
  priceTestId,
  estimate,
}: {
  quote: MarketQuote;
  onOpen: (symbol: string) => void;
  testId: string;
  priceTestId?: string;
  /** The price in the user's pricing currency ('≈ ¥465,235.30'), when it differs. */
  estimate?: string;
}) {
  const { t } = useTranslation();
  const text = useQuoteText(quote);
  if (!text) return null;
  // 'BTC/USDT' shows as BTC /USDT; a future ('Gold') shows its name with its symbol below.
  const pair = quote.name.includes('/');
  const [base, quoteName] = pair ? quote.name.split('/') : [quote.name, ''];
  return (
    <button
      type="button"
      className="hx-quote-row"
      data-testid={testId}
      onClick={() => onOpen(quote.symbol)}
    >
      <span className="hx-quote-name">
        <span className="hx-quote-base">
          {base}
          {quoteName && <small>/{quoteName}</small>}
        </span>
        <span className="hx-quote-volume">
          {!pair && `${quote.symbol} · `}
          {t('market.volume', { value: text.volume })}
        </span>
      </span>
      <span className="hx-quote-price">
        <span className={`hx-quote-last hx-${text.direction}`} data-testid={priceTestId}>
          {text.price}
        </span>
        {estimate && <span className="hx-quote-estimate">≈ {estimate}</span>}
      </span>
      <span className={`hx-quote-change hx-quote-change--${text.direction}`}>{text.change}</span>
    </button>
  );
});
