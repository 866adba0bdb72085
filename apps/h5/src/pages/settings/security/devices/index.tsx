import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceOf, type SessionItem } from '@hx/protocol';
import { queryKeys } from '../../../../cache/queryKeys.ts';
import { refresh } from '../../../../cache/refresh.ts';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { Refreshable } from '../../../../components/Refreshable.tsx';
import { DeviceCard, DeviceList } from '../../../../features/devices/DeviceList.tsx';
import {
  revokeDevice,
  revokeOtherDevices,
  sessionsQuery,
} from '../../../../features/devices/queries.ts';
import { useSession } from '../../../../api/session-store.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import { LoginHistory } from './LoginHistory.tsx';
import '../../../../features/wallet/styles.ts';
import '../../../../features/devices/devices.css';

/**
 * Where the account is logged in (each live session, this device marked, with when it expires),
 * with a way to log another one, or all others, out at once; below, every login attempt, newest
 * first.
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const sessions = useQuery({ ...sessionsQuery(token), refetchOnMount: 'always' });

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

  const revokeOthers = async () => {
    const confirmed = await Dialog.confirm({
      title: t('devices.revokeOthersTitle'),
      content: t('devices.revokeOthersBody'),
      confirmText: t('devices.revoke'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      const { count } = await revokeOtherDevices();
      Toast.show({ icon: 'success', content: t('devices.revokedOthers', { count }) });
      await refresh(queryClient, 'sessions');
    } catch {
      // The client has shown why.
    }
  };
  const others = sessions.data?.list.some((s) => !s.current) ?? false;

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
        <DeviceList query={sessions} token={token}>
          {(session) => (
            <DeviceCard
              name={deviceOf(session.agent) ?? t('devices.unknown')}
              current={session.current}
              lines={[
                t('devices.address', { ip: session.ip ?? '--' }),
                t('devices.lastActive', { time: formatTime(session.last_seen_at, locale) }),
                t('devices.loggedIn', { time: formatTime(session.created_at, locale) }),
                <span key="ends" data-testid={TID.devices.endsAt(session.id)}>
                  {t('devices.endsAt', { time: formatTime(session.ends_at, locale) })}
                </span>,
              ]}
              testId={TID.devices.session(session.id)}
              remove={
                session.current
                  ? undefined
                  : {
                      label: t('devices.revoke'),
                      onClick: () => void revoke(session),
                      testId: TID.devices.revoke(session.id),
                    }
              }
            />
          )}
        </DeviceList>
        {others && (
          <div className="hx-device-all">
            <Button
              block
              fill="outline"
              color="danger"
              onClick={() => void revokeOthers()}
              data-testid={TID.devices.revokeOthers}
            >
              {t('devices.revokeOthers')}
            </Button>
          </div>
        )}
        <h2 className="hx-device-heading">{t('devices.history')}</h2>
        <LoginHistory token={token} />
      </Refreshable>
    </PageFrame>
  );
}
