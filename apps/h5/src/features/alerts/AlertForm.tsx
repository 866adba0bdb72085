import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { alertCreateBody, type AlertCondition } from '@hx/protocol';
import { FormActions } from '../../components/FormActions.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { useQuery } from '@tanstack/react-query';
import { futuresQuotesQuery, spotQuotesQuery } from '../market/queries.ts';
import { useSymbolQuote } from '../market/useSymbolQuote.ts';
import { useLocale } from '../../i18n/index.ts';
import { useLocaleDecimal } from '../../lib/decimalInput.ts';
import { formatDecimal } from '../../lib/number.ts';
import { symbolParam } from '../../lib/params.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import './alerts.css';
import { useCreateAlert } from './queries.ts';

const CONDITIONS: readonly AlertCondition[] = ['above', 'below', 'move'];

/**
 * The pair of the alert: every listed market, spot first, by name ("BTC/USDT"). A native select
 * (the phone's own wheel or list), with the preset pair kept while the lists load.
 */
function PairSelect({ value, onChange }: { value: string; onChange: (symbol: string) => void }) {
  const { t } = useTranslation();
  const spot = useQuery(spotQuotesQuery).data ?? [];
  const futures = useQuery(futuresQuotesQuery).data ?? [];
  const groups = [
    { key: 'spot', label: t('alerts.groups.spot'), quotes: spot },
    {
      key: 'futures',
      label: t('alerts.groups.futures'),
      quotes: futures.filter((q) => !spot.some((s) => s.symbol === q.symbol)),
    },
  ];
  const known = groups.some((g) => g.quotes.some((q) => q.symbol === value));
  return (
    <select
      className="hx-input hx-alert-pair"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={t('alerts.symbol')}
      data-testid={TID.alerts.symbol}
    >
      {!known && <option value={value}>{value}</option>}
      {groups.map(
        (group) =>
          group.quotes.length > 0 && (
            <optgroup key={group.key} label={group.label}>
              {group.quotes.map((q) => (
                <option key={q.symbol} value={q.symbol}>
                  {q.name}
                </option>
              ))}
            </optgroup>
          ),
      )}
    </select>
  );
}

/**
 * A new price alert: above or below a price (starting at the current one), or a 24 h move in
 * percent. Its fields sit in the page's form; the page adds the list of alerts under them.
 */
export function AlertForm({ initialSymbol }: { initialSymbol: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [symbol, setSymbol] = useState(initialSymbol);
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('5');
  // Live (indexTicker.<S>): alerts fire on the index, so the form starts from it.
  const quote = useSymbolQuote(symbolParam(symbol) ?? '', 'index');
  const current = quote.data?.price ?? null;
  // Typed in the language's separators, kept (and sent) as plain decimals.
  const priceInput = useLocaleDecimal(price, setPrice);
  const percentInput = useLocaleDecimal(percent, setPercent);
  const create = useCreateAlert();
  const form = useFormSubmit();
  const { errors } = form;

  // The price starts at the current one (the user moves it to where they want to be told).
  const [prefilled, setPrefilled] = useState('');
  if (current !== null && prefilled !== symbol) {
    setPrefilled(symbol);
    setPrice(current);
  }

  const submit = () => {
    const body = { symbol, condition, ...(condition === 'move' ? { percent } : { price }) };
    return form.submit(firstIssue(alertCreateBody, body, locale), async () => {
      await create.mutateAsync(body);
      Toast.show({ icon: 'success', content: t('alerts.created') });
    });
  };

  return (
    <>
      <FormRow label={t('alerts.symbol')} error={errors.symbol}>
        <PairSelect value={symbol} onChange={setSymbol} />
      </FormRow>
      <p className="hx-form-hint" data-testid={TID.alerts.current}>
        {t('alerts.current', { price: current === null ? '--' : formatDecimal(current, locale) })}
      </p>
      <div className="hx-alert-conditions" role="group" aria-label={t('alerts.condition')}>
        {CONDITIONS.map((c) => (
          <Button
            key={c}
            size="small"
            color={c === condition ? 'primary' : 'default'}
            aria-pressed={c === condition}
            onClick={() => {
              setCondition(c);
              form.setErrors({});
            }}
            data-testid={TID.alerts.condition(c)}
          >
            {t(`alerts.conditions.${c}`)}
          </Button>
        ))}
      </div>
      {condition === 'move' ? (
        <FormRow label={t('alerts.percent')} error={errors.percent}>
          <TextInput
            value={percentInput.text}
            onChange={percentInput.onText}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('alerts.percentHint')}
            testId={TID.alerts.percent}
          />
        </FormRow>
      ) : (
        <FormRow label={t('alerts.price')} error={errors.price}>
          <TextInput
            value={priceInput.text}
            onChange={priceInput.onText}
            inputMode="decimal"
            autoComplete="off"
            testId={TID.alerts.price}
          />
        </FormRow>
      )}
      <FormActions
        error={errors.form}
        busy={form.busy}
        label={t('alerts.create')}
        onSubmit={() => void submit()}
        submitTestId={TID.alerts.create}
      />
    </>
  );
}
