import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useTranslation } from 'react-i18next';
import type { LeverPosition, LeverTrailingUnit } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { priceText } from './calc.ts';

const UNITS: LeverTrailingUnit[] = ['price', 'percent'];

/**
 * The trailing stop in the stops sheet: a distance in price or in percent (the switch), with what
 * it does for the position's side and, once set, where it stands now.
 */
export function TrailingField({
  position,
  precision,
  distance,
  unit,
  onDistance,
  onUnit,
}: {
  position: LeverPosition;
  precision: number;
  distance: string;
  unit: LeverTrailingUnit;
  onDistance: (value: string) => void;
  onUnit: (unit: LeverTrailingUnit) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="hx-lever-trailing" aria-label={t('lever.trailingStop')}>
      <div className="hx-lever-field">
        <span>{t('lever.trailingStop')}</span>
        <div className="hx-lever-units" role="group" aria-label={t('lever.trailingStop')}>
          {UNITS.map((u) => (
            <button
              key={u}
              type="button"
              aria-pressed={unit === u}
              onClick={() => onUnit(u)}
              data-testid={TID.lever.trailingUnit(u)}
            >
              {t(u === 'price' ? 'lever.trailingPrice' : 'lever.trailingPercent')}
            </button>
          ))}
        </div>
      </div>
      <label className="hx-lever-field">
        <span>{t('lever.trailingDistance')}</span>
        <div className="hx-lever-distance">
          <DecimalInput
            className="hx-lever-input"
            value={distance}
            onChange={onDistance}
            placeholder={t('lever.optional')}
            data-testid={TID.lever.trailingDistance}
          />
          {unit === 'percent' && <b aria-hidden="true">%</b>}
        </div>
      </label>
      <p className="hx-lever-muted">
        {t(position.side === 'long' ? 'lever.trailingHintLong' : 'lever.trailingHintShort')}
      </p>
      {position.trailing_stop !== null && (
        <p className="hx-lever-muted">
          {t('lever.trailingNow', {
            stop: priceText(position.trailing_stop, precision, locale),
            peak: priceText(position.trailing_peak, precision, locale),
          })}
        </p>
      )}
    </section>
  );
}
