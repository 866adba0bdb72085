import { Button, List, Switch, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import CheckCircleOutline from 'antd-mobile-icons/es/CheckCircleOutline';
import CloseCircleOutline from 'antd-mobile-icons/es/CloseCircleOutline';
import { PUSH_KINDS } from '@hx/protocol';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ApiError } from '../../../api/errors.ts';
import { PushDenied } from '../../../features/push/device.ts';
import {
  isOnHere,
  pushStateQuery,
  useSetKind,
  useTurnOff,
  useTurnOn,
  type PushState,
} from '../../../features/push/queries.ts';
import { useSession } from '../../../api/session-store.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';
import '../../../features/push/push.css';

type Shown = 'checking' | 'on' | 'off' | 'denied' | 'unsupported';

const shownOf = (state: PushState | undefined): Shown =>
  !state
    ? 'checking'
    : state.support !== 'allowed'
      ? state.support
      : isOnHere(state)
        ? 'on'
        : 'off';

/**
 * Push notifications: on or off for this browser (permission, subscription), and a switch per
 * kind of event, kept by the server for all of the user's browsers.
 */
export default function PushSettingsPage() {
  const { t } = useTranslation();
  const token = useSession()?.token;
  const { data: state } = useQuery(pushStateQuery(token));
  const turnOn = useTurnOn(token);
  const turnOff = useTurnOff(token);
  const setKind = useSetKind(token);
  const shown = shownOf(state);

  const on = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('push.turnedOn') }),
      onError: (err) => {
        // The page itself says a refused permission; an API failure was toasted already.
        if (err instanceof PushDenied || (err instanceof ApiError && err.toasted)) return;
        Toast.show({ content: t('push.failed') });
      },
    });
  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => Toast.show({ content: t('push.turnedOff') }),
    });

  const hint =
    shown === 'denied'
      ? t('push.deniedHint')
      : shown === 'unsupported'
        ? t('push.unsupportedHint')
        : t('push.intro');

  return (
    <PageFrame title={t('push.title')}>
      <section className="hx-push-card">
        <div
          className={`hx-push-status hx-push-status--${shown}`}
          role="status"
          data-testid={TID.push.status}
          data-state={shown}
        >
          {shown === 'on' ? (
            <CheckCircleOutline />
          ) : shown === 'denied' || shown === 'unsupported' ? (
            <CloseCircleOutline />
          ) : (
            <BellOutline />
          )}
          <span>{t(`push.status.${shown}`)}</span>
        </div>
        <p>{hint}</p>
        {shown === 'off' && (
          <Button
            block
            color="primary"
            loading={turnOn.isPending}
            onClick={on}
            data-testid={TID.push.turnOn}
          >
            {t('push.turnOn')}
          </Button>
        )}
        {shown === 'on' && (
          <Button
            block
            fill="outline"
            loading={turnOff.isPending}
            onClick={off}
            data-testid={TID.push.turnOff}
          >
            {t('push.turnOff')}
          </Button>
        )}
      </section>

      <List className="hx-list" header={t('push.kindsTitle')}>
        {PUSH_KINDS.map((kind) => {
          const push = state?.list.find((p) => p.kind === kind)?.push ?? true;
          return (
            <List.Item
              key={kind}
              description={t(`push.kindHints.${kind}`)}
              extra={
                <Switch
                  checked={push}
                  disabled={!state}
                  aria-label={t(`push.kinds.${kind}`)}
                  onChange={(next) => setKind.mutateAsync({ kind, push: next }).then(() => {})}
                  data-testid={TID.push.kind(kind)}
                />
              }
            >
              {t(`push.kinds.${kind}`)}
            </List.Item>
          );
        })}
      </List>
      <p className="hx-push-note" data-testid={TID.push.devices}>
        {t('push.kindsHint')}
        {state ? ` ${t('push.devices', { count: state.devices })}` : ''}
      </p>
    </PageFrame>
  );
}
