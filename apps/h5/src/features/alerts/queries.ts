import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCondition } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

/**
 * The user's price alerts over HTTP: waiting ones first, then the recently fired ones. A fired
 * alert's notification (socket `notifications`, kind `price_alert`) refreshes them (cache/stale.ts).
 */
export const alertsKey = queryKeys.alerts;

export function useAlerts(enabled: boolean) {
  return useQuery({
    queryKey: alertsKey,
    queryFn: () => call.alertList(undefined, { loading: false }),
    enabled,
  });
}

export interface NewAlert {
  symbol: string;
  condition: AlertCondition;
  price?: string;
  percent?: string;
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: NewAlert) => {
      const { symbol, condition } = alert;
      return call.alertCreate(
        condition === 'move'
          ? { symbol, condition, percent: alert.percent ?? '' }
          : { symbol, condition, price: alert.price ?? '' },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call.alertDelete({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
