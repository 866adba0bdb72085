import { useTranslation } from 'react-i18next';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { useLocaleDecimal } from '../../lib/decimalInput.ts';
import { sanitizeAmount } from '../wallet/amount.ts';
import { placesOf, stepBy } from './calc.ts';
import './stepper.css';

/**
 * A decimal input with a step button each side (price by tick, amount by step). With `caption`,
 * the placeholder stays above the value once one is typed, for forms with several prices.
 */
export function Stepper({
  value,
  onChange,
  step,
  placeholder,
  unit,
  testId,
  upTestId,
  downTestId,
  caption = false,
}: {
  value: string;
  onChange: (value: string) => void;
  step: string;
  placeholder: string;
  unit: string;
  testId: string;
  upTestId: string;
  downTestId: string;
  caption?: boolean;
}) {
  const { t } = useTranslation();
  const places = placesOf(step);
  const captioned = caption && value !== '';
  // In the language's separators (64273,16 in Spanish); `value` stays a plain decimal.
  const input = useLocaleDecimal(value, (plain) => onChange(sanitizeAmount(plain, places)));
  return (
    <div className="hx-stepper">
      <button
        type="button"
        className="hx-stepper-button"
        aria-label={t('spot.lower')}
        onClick={() => onChange(stepBy(value, step, -1))}
        data-testid={downTestId}
      >
        <MinusOutline />
      </button>
      <label
        className={captioned ? 'hx-stepper-field hx-stepper-field--captioned' : 'hx-stepper-field'}
      >
        {captioned && (
          <span className="hx-stepper-caption" aria-hidden="true">
            {placeholder}
          </span>
        )}
        <input
          className="hx-stepper-input"
          value={input.text}
          onChange={(event) => input.onText(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          aria-label={placeholder}
          data-testid={testId}
        />
        <span className="hx-stepper-unit">{unit}</span>
      </label>
      <button
        type="button"
        className="hx-stepper-button"
        aria-label={t('spot.raise')}
        onClick={() => onChange(stepBy(value, step, 1))}
        data-testid={upTestId}
      >
        <AddOutline />
      </button>
    </div>
  );
}
