import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHELL_TID as TID } from '../../testids-shell.ts';
import { useLiveFeedLost } from './liveFeed.ts';
import { useOnline } from './online.ts';
import './connection.css';

/**
 * One thin bar above the tab bar (or at the bottom) while the device is offline or the live
 * socket is down; the page above it shrinks instead of being covered. When the socket is back,
 * whatever failed to load meanwhile loads again.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const lost = useLiveFeedLost();

  const wasLost = useRef(lost);
  useEffect(() => {
    if (wasLost.current && !lost) {
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    }
    wasLost.current = lost;
  }, [lost, queryClient]);

  if (online && !lost) return null;
  return (
    <div
      className={online ? 'hx-connection hx-connection--lost' : 'hx-connection'}
      role="status"
      data-testid={TID.shell.connection}
      data-state={online ? 'lost' : 'offline'}
    >
      <span className="hx-connection-dot" aria-hidden="true" />
      {online ? t('connection.notLive') : t('connection.offline')}
    </div>
  );
}
