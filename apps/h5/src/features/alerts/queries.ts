import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCondition, AlertItem } from '@hx/protocol';
import { apiGet, apiPost } from '../../api/http.ts';

/** The user's price alerts over HTTP: waiting ones first, then the recently fired ones. */
export const alertsKey = ['alerts'] as const;

export function useAlerts(enabled: boolean) {
  return useQuery({
    queryKey: alertsKey,
    queryFn: () => apiGet<{ list: AlertItem[] }>('alerts', undefined, { loading: false }),
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
      const body: Record<string, string> = { symbol: alert.symbol, condition: alert.condition };
      if (alert.condition === 'move') body.percent = alert.percent ?? '';
      else body.price = alert.price ?? '';
      return apiPost<{ id: number }>('alerts', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<object>(`alerts/${id}/delete`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
