import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';

const HALF_DAY_MS = 12 * 60 * 60_000;

/** "Not live · last updated 14:03:12" above quotes that may be old. */
export function StaleMark({ since }: { since: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Shown with its date once it is older than half a day (as of when the mark appeared).
  const [shownAt] = useState(Date.now);
  const time = formatTime(since, locale, shownAt - since < HALF_DAY_MS ? 'time' : 'datetime');
  return (
    <p className="hx-quote-stale" data-testid={TID.market.stale} data-since={since}>
      <span className="hx-quote-stale-tag">{t('connection.stale')}</span>
      {t('connection.lastUpdated', { time })}
    </p>
  );
}

/** A quote list's rows, under the mark and dimmed while they may be old (`since` not null). */
export function KnownQuoteList({ since, children }: { since: number | null; children: ReactNode }) {
  return (
    <>
      {since !== null && <StaleMark since={since} />}
      <div className={since === null ? 'hx-quote-list' : 'hx-quote-list hx-quote-list--stale'}>
        {children}
      </div>
    </>
  );
}
