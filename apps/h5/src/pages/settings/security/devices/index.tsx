import { Dialog, Tag, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceOf, type SessionItem } from '@hx/protocol';
import { queryKeys } from '../../../../cache/queryKeys.ts';
import { refresh } from '../../../../cache/refresh.ts';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { Refreshable } from '../../../../components/Refreshable.tsx';
import { revokeDevice, sessionsQuery } from '../../../../features/devices/queries.ts';
import { useSession } from '../../../../api/session-store.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import { LoginHistory } from './LoginHistory.tsx';
import '../../../../features/wallet/styles.ts';
import '../../../../features/devices/devices.css';

/**
 * Where the account is logged in (each live session, this device marked), with a way to log
 * another one out at once; below, every login attempt, newest first.
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const sessions = useQuery({ ...sessionsQuery(token), refetchOnMount: 'always' });
  const list = sessions.data?.list ?? [];

  const revoke = async (session: SessionItem) => {
    const confirmed = await Dialog.confirm({
      title: t('devices.revokeTitle'),
      content: t('devices.revokeBody', { device: deviceOf(session.agent) ?? t('devices.unknown') }),
      confirmText: t('devices.revoke'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await revokeDevice(session.id);
      Toast.show({ icon: 'success', content: t('devices.revoked') });
      await refresh(queryClient, 'sessions');
    } catch {
      // The client has shown why.
    }
  };

  return (
    <PageFrame title={t('devices.title')}>
      <Refreshable
        onRefresh={() =>
          Promise.all([
            sessions.refetch(),
            queryClient.refetchQueries({ queryKey: queryKeys.loginHistory, type: 'active' }),
          ])
        }
      >
        <h2 className="hx-device-heading">{t('devices.sessions')}</h2>
        {sessions.isPending && token && <div className="hx-placeholder" aria-busy="true" />}
        {sessions.isError && <EmptyState text={sessions.error.message} />}
        <ul className="hx-device-list">
          {list.map((session) => (
            <li
              key={session.id}
              className="hx-device"
              data-testid={TID.devices.session(session.id)}
              data-current={session.current || undefined}
            >
              <div className="hx-device-main">
                <div className="hx-device-name">
                  {deviceOf(session.agent) ?? t('devices.unknown')}
                  {session.current && (
                    <Tag color="primary" fill="outline" className="hx-device-tag">
                      {t('devices.thisDevice')}
                    </Tag>
                  )}
                </div>
                <div className="hx-device-line">
                  {t('devices.address', { ip: session.ip ?? '--' })}
                </div>
                <div className="hx-device-line">
                  {t('devices.lastActive', { time: formatTime(session.last_seen_at, locale) })}
                </div>
                <div className="hx-device-line">
                  {t('devices.loggedIn', { time: formatTime(session.created_at, locale) })}
                </div>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="hx-device-action"
                  onClick={() => void revoke(session)}
                  data-testid={TID.devices.revoke(session.id)}
                >
                  {t('devices.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
        <h2 className="hx-device-heading">{t('devices.history')}</h2>
        <LoginHistory token={token} />
      </Refreshable>
    </PageFrame>
  );
}
