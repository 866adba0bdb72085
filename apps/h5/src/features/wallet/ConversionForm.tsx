import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/FormActions.tsx';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { AmountField } from './AmountField.tsx';
import { quoteRows } from './conversionQuote.tsx';
import { QuoteSummary as Summary } from './QuoteSummary.tsx';
import type { Coin } from './queries.ts';
import { SelectField } from './SelectField.tsx';
import { SwapSides } from './SwapSides.tsx';
import { useConversion } from './useConversion.ts';
import './styles.ts';

/**
 * Converts one coin into another in the spot account at the last recorded prices: a live quote
 * while typing, then a confirmation repeating a fresh quote.
 */
export function ConversionForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const conversion = useConversion();
  const { from, to, amount, errors, available, request, quote, quoteError, stale } = conversion;
  const options = conversion.coins.map((c) => ({
    key: c.currency_id,
    label: c.name,
    testKey: c.name,
  }));
  const balance = (value: string | undefined, coin: Coin | undefined) =>
    t('money.availableAmount', {
      amount: value === undefined ? '--' : floorFormat(value, coin?.decimals ?? 8, locale),
      coin: coin?.name ?? '',
    });

  return (
    <div className="hx-form">
      <SwapSides label={t('conversion.swap')} onSwap={conversion.swap} testId={TID.conversion.swap}>
        <SelectField
          label={t('conversion.from')}
          value={from?.currency_id}
          options={options}
          onChange={(id) => conversion.choose('from', id)}
          placeholder={t('money.chooseCoin')}
          testId={TID.conversion.from}
        />
        <SelectField
          label={t('conversion.to')}
          value={to?.currency_id}
          options={options}
          onChange={(id) => conversion.choose('to', id)}
          placeholder={t('money.chooseCoin')}
          error={errors.to_currency_id}
          testId={TID.conversion.to}
        />
      </SwapSides>
      <div className="hx-amount-hint" data-testid={TID.conversion.toAvailable}>
        {balance(conversion.toAvailable, to)}
      </div>
      <AmountField
        value={amount}
        onChange={conversion.setAmount}
        decimals={from?.decimals ?? 8}
        coin={from?.name ?? ''}
        available={available}
        error={errors.number ?? conversion.insufficient}
        testId={TID.conversion.amount}
        allTestId={TID.conversion.all}
        hint={<span data-testid={TID.conversion.available}>{balance(available, from)}</span>}
      />
      {from && to && (
        <div
          className={
            stale ? 'hx-conversion-quote hx-conversion-quote--stale' : 'hx-conversion-quote'
          }
          aria-busy={stale}
          data-testid={TID.conversion.quote}
        >
          <Summary
            rows={quoteRows(request ? quote.data : undefined, from, to, t, locale)}
            testIds={TID.conversion.row}
          />
          {quoteError && (
            <div className="hx-form-error" role="alert" data-testid={TID.conversion.quoteError}>
              {quoteError}
            </div>
          )}
        </div>
      )}
      <FormActions
        busy={conversion.busy}
        label={t('conversion.submit')}
        onSubmit={conversion.submit}
        submitTestId={TID.conversion.submit}
      />
    </div>
  );
}
