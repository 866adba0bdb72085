import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECURRING_PERIODS, recurringBody, type RecurringPeriod } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { Segments } from '../../components/Segments.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useLocale } from '../../i18n/index.ts';
import { useLocaleDecimal } from '../../lib/decimalInput.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { useQuote } from '../market/queries.ts';
import { usePairs } from '../spot/queries.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { useDecimalsOf, useWalletList } from '../wallet/queries.ts';
import { SelectField } from '../wallet/SelectField.tsx';
import '../wallet/styles.ts';
import './bots.css';
import { BuyTimeFields } from './BuyTimeFields.tsx';
import { useBuyTime } from './useBuyTime.ts';
import { startRecurring, type NewRecurringBuy } from './queries.ts';

/**
 * A new recurring buy: a spot pair, the quote coin spent each period (from the spot balance
 * shown), how often, optionally a price it buys at or below, and the time of day it buys at on
 * a time zone's clock (this device's by default). Checked with the server's schema
 * first; `onDone` follows the start.
 */
export function RecurringForm({
  initialSymbol,
  onDone,
}: {
  initialSymbol: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const pairs = usePairs().data ?? [];
  const wallet = useWalletList();
  const decimalsOf = useDecimalsOf();
  const [symbol, setSymbol] = useState(initialSymbol);
  const [amount, setAmount] = useState('');
  const [every, setEvery] = useState<RecurringPeriod>('day');
  const [maxPrice, setMaxPrice] = useState('');
  const time = useBuyTime();
  // Typed in the language's separators, kept (and sent) as a plain decimal.
  const maxInput = useLocaleDecimal(maxPrice, setMaxPrice);
  const form = useFormSubmit();
  const { errors } = form;

  const pair = pairs.find((p) => p.symbol === symbol);
  const coin = pair?.quote ?? '';
  const decimals = pair ? decimalsOf(pair.quote_currency_id) : 8;
  const available = pair
    ? wallet.data?.currency.find((c) => c.currency_id === pair.quote_currency_id)?.available
    : undefined;
  const last = useQuote(symbol).data?.price ?? null;

  const submit = () => {
    const limit = maxPrice ? { max_price: maxPrice } : {};
    const body: NewRecurringBuy = { symbol, amount, every, ...limit, ...time.body() };
    return form.submit(firstIssue(recurringBody, body, locale), async () => {
      await startRecurring(body);
      Toast.show({ icon: 'success', content: t('bots.form.started') });
      await refresh(queryClient, 'bots');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <SelectField
        label={t('bots.form.pair')}
        value={symbol}
        options={pairs.map((p) => ({ key: p.symbol, label: p.name, search: p.name + p.symbol }))}
        onChange={(next) => {
          setSymbol(next);
          form.setErrors({});
        }}
        placeholder={symbol}
        error={errors.symbol}
        testId={TID.bots.form.pair}
        searchable
        searchPlaceholder={t('spot.searchPair')}
      />
      <AmountField
        label={t('bots.form.amount')}
        value={amount}
        onChange={setAmount}
        decimals={decimals}
        coin={coin}
        available={available}
        error={errors.amount}
        testId={TID.bots.form.amount}
        allTestId={TID.bots.form.all}
        hint={
          <span data-testid={TID.bots.form.available}>
            {t('money.availableAmount', {
              amount: available === undefined ? '--' : floorFormat(available, decimals, locale),
              coin,
            })}
          </span>
        }
      />
      <div className="hx-field-label">{t('bots.form.period')}</div>
      <Segments
        options={RECURRING_PERIODS}
        value={every}
        onChange={setEvery}
        label={(p) => t(`bots.periods.${p}`)}
        testId={TID.bots.form.period}
        role="radio"
        ariaLabel={t('bots.form.period')}
      />
      <FormRow
        label={t('bots.form.maxPrice')}
        error={errors.max_price}
        extra={<span className="hx-amount-coin">{coin}</span>}
      >
        <TextInput
          value={maxInput.text}
          onChange={maxInput.onText}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('bots.form.maxPriceHint')}
          testId={TID.bots.form.maxPrice}
        />
      </FormRow>
      <BuyTimeFields time={time} errors={errors} />
      <div className="hx-amount-hint" data-testid={TID.bots.form.current}>
        {t('bots.form.current', {
          price: last === null || !pair ? '--' : floorFormat(last, pair.price_decimals, locale),
          coin,
        })}
      </div>
      <p className="hx-form-hint hx-bot-note">{t('bots.form.note')}</p>
      <FormActions
        error={errors.form}
        errorTestId={TID.bots.form.error}
        busy={form.busy}
        label={t('bots.form.submit')}
        onSubmit={() => void submit()}
        submitTestId={TID.bots.form.submit}
      />
    </div>
  );
}
