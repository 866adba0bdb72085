import { useTranslation } from 'react-i18next';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { sanitizeAmount } from '../wallet/amount.ts';
import { placesOf, stepBy } from './calc.ts';

/** A decimal input with a step button each side (price by tick, amount by step). */
export function Stepper({
  value,
  onChange,
  step,
  placeholder,
  unit,
  testId,
  upTestId,
  downTestId,
}: {
  value: string;
  onChange: (value: string) => void;
  step: string;
  placeholder: string;
  unit: string;
  testId: string;
  upTestId: string;
  downTestId: string;
}) {
  const { t } = useTranslation();
  const places = placesOf(step);
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
      <label className="hx-stepper-field">
        <input
          className="hx-stepper-input"
          value={value}
          onChange={(event) => onChange(sanitizeAmount(event.target.value, places))}
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
