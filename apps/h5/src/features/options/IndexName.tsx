import { useTranslation } from 'react-i18next';

/** The pair and "Index price": options settle on the index, not on the pair's own trades. */
export function IndexName({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="hx-option-quote-name">
      {symbol.replace(/USDT$/, '/USDT')} · {t('options.indexPrice')}
    </div>
  );
}
