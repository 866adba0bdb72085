import type { Locale, SecurityState } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { formatTime } from '../../lib/date.ts';
import type { Missing } from '../wallet/prerequisites.ts';
import { WITHDRAW_PROTECTION_PATH } from './queries.ts';

/**
 * What the withdrawal protections stop before the form is filled: the 24 h lock after a
 * security change, and (whitelist on) a destination saved less than 24 h ago. Each names the
 * time it opens (the server answers null once it has), in the catalogue's words the server
 * would answer with.
 */
export function withdrawBlocks(
  state: SecurityState | undefined,
  destination: { usable_at?: number | null } | undefined,
  locale: Locale,
): Missing[] {
  const blocks: Missing[] = [];
  const until = state?.withdraw_locked_until;
  if (until)
    blocks.push({
      key: 'withdrawLock',
      message: errorMessage('WITHDRAW_LOCKED_UNTIL', locale, { until: formatTime(until, locale) }),
      to: WITHDRAW_PROTECTION_PATH,
    });
  const usable = destination?.usable_at;
  if (usable)
    blocks.push({
      key: 'whitelist',
      message: errorMessage('WHITELIST_ADDRESS_TOO_NEW', locale, {
        at: formatTime(usable, locale),
      }),
      to: WITHDRAW_PROTECTION_PATH,
    });
  return blocks;
}
