import { useTranslation } from 'react-i18next';
import { deviceOf } from '@hx/protocol';
import { queryKeys } from '../../../../cache/queryKeys.ts';
import { PagedList } from '../../../../features/wallet/PagedList.tsx';
import {
  fetchLoginHistory,
  isKnownMethod,
  isKnownResult,
  type HistoryLine,
} from '../../../../features/devices/queries.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';

/** Every login attempt of the account, newest first, a page at a time as the list scrolls. */
export function LoginHistory({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PagedList<HistoryLine>
      queryKey={queryKeys.loginHistoryOf(token)}
      fetchPage={fetchLoginHistory}
      empty={t('devices.historyEmpty')}
      renderItem={(line) => (
        <div className="hx-login-line" data-testid={TID.devices.history(line.id)}>
          <div className="hx-device-main">
            <div className="hx-device-name">{deviceOf(line.agent) ?? t('devices.unknown')}</div>
            <div className="hx-device-line">
              {formatTime(line.at, locale)} · {line.ip ?? '--'}
            </div>
          </div>
          <div className="hx-login-outcome">
            <span
              className={line.result === 'ok' ? 'hx-login-result--ok' : 'hx-login-result--refused'}
              data-result={line.result}
            >
              {isKnownResult(line.result) ? t(`devices.result.${line.result}`) : line.result}
            </span>
            <span className="hx-device-line">
              {isKnownMethod(line.method) ? t(`devices.method.${line.method}`) : line.method}
            </span>
          </div>
        </div>
      )}
    />
  );
}
