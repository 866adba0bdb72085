import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useLocaleDecimal } from '../../lib/decimalInput.ts';
import { inputAmount, sanitizeAmount } from './amount.ts';

/**
 * The amount row of the money forms: digits with at most the coin's decimals, an optional "All"
 * button that takes the whole available balance, and a hint line below (available, minimum).
 */
export function AmountField({
  label,
  value,
  onChange,
  decimals,
  coin,
  available,
  hint,
  error,
  testId,
  allTestId,
}: {
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  decimals: number;
  coin: string;
  /** The balance "All" takes; no button without it. */
  available?: string;
  hint?: ReactNode;
  error?: string;
  testId: string;
  allTestId?: string;
}) {
  const { t } = useTranslation();
  // In the language's separators; `value` stays a plain decimal.
  const input = useLocaleDecimal(value, (plain) => onChange(sanitizeAmount(plain, decimals)));
  return (
    <>
      <FormRow
        label={label ?? t('money.amount')}
        error={error}
        extra={
          <span className="hx-amount-extra">
            <span className="hx-amount-coin">{coin}</span>
            {available !== undefined && (
              <button
                type="button"
                className="hx-link-button hx-amount-all"
                data-testid={allTestId}
                onClick={() => onChange(inputAmount(available, decimals))}
              >
                {t('money.all')}
              </button>
            )}
          </span>
        }
      >
        <TextInput
          value={input.text}
          onChange={input.onText}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('money.amountPlaceholder')}
          testId={testId}
        />
      </FormRow>
      {hint && <div className="hx-amount-hint">{hint}</div>}
    </>
  );
}
