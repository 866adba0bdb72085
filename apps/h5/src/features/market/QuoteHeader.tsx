import { useTranslation } from 'react-i18next';
import type { MarketQuote } from '@hx/protocol';
import { useQuoteText } from './format.ts';
import './market.css';

/** A symbol's last price and 24 h change, with its 24 h high, low and volume beside them. */
export function QuoteHeader({
  quote,
  estimate,
  priceTestId,
}: {
  quote: (MarketQuote & { price_precision?: number }) | undefined;
  /** The price in the pricing currency, when it differs from the quote's. */
  estimate?: string;
  priceTestId?: string;
}) {
  const { t } = useTranslation();
  const text = useQuoteText(quote);
  return (
    <section className="hx-quote-header" aria-busy={!text}>
      <div className="hx-quote-header-main">
        <div
          className={`hx-quote-header-price hx-${text?.direction ?? 'flat'}`}
          data-testid={priceTestId}
        >
          {text?.price ?? '--'}
        </div>
        <div className="hx-quote-header-sub">
          <span className={`hx-${text?.direction ?? 'flat'}`}>{text?.change ?? '--'}</span>
          {estimate && <span className="hx-quote-estimate">≈ {estimate}</span>}
        </div>
      </div>
      <dl className="hx-quote-stats">
        <div>
          <dt>{t('kline.high')}</dt>
          <dd>{text?.high ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('kline.low')}</dt>
          <dd>{text?.low ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('kline.volume')}</dt>
          <dd>{text?.volume ?? '--'}</dd>
        </div>
      </dl>
    </section>
  );
}
