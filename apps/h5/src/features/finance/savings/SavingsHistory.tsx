import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavingsPayout } from '@hx/protocol';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import { places } from '../format.ts';

const FIRST = 7;

/** The daily interest payments, newest first: a week, then all on request. */
export function SavingsHistory({ history }: { history: SavingsPayout[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [all, setAll] = useState(false);
  if (history.length === 0) return null;
  const shown = all ? history : history.slice(0, FIRST);
  return (
    <section className="hx-sav-history" data-testid={TID.savings.history}>
      <h3>{t('savings.history')}</h3>
      <ul>
        {shown.map((p) => (
          <li key={`${p.currency_id}-${p.day}`}>
            <span>{formatTime(p.day, locale, 'date', 'UTC')}</span>
            <strong>
              +{floorFormat(p.amount, places(p.amount), locale)} {p.currency_name}
            </strong>
          </li>
        ))}
      </ul>
      {!all && history.length > FIRST && (
        <button type="button" className="hx-sav-more" onClick={() => setAll(true)}>
          {t('savings.showAll')}
        </button>
      )}
    </section>
  );
}
