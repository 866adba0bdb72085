import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushKind, PushPreferences } from '@hx/protocol';
import { call } from '../../api/call.ts';
import {
  currentSubscription,
  pushSupport,
  subscribeDevice,
  subscriptionFields,
  type PushSupport,
} from './device.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

/** The server's switches and this browser's state together. */
export interface PushState extends PushPreferences {
  support: PushSupport;
  /** This browser's subscription, if it has one (it may belong to another account). */
  endpoint: string | null;
}

/** Pushes reach this browser for the logged-in user. */
export const isOnHere = (state: PushState) =>
  state.support === 'allowed' && state.endpoint !== null && state.this_device;

async function withDevice(
  read: (endpoint: string | undefined) => Promise<PushPreferences>,
): Promise<PushState> {
  const subscription = await currentSubscription().catch(() => null);
  const endpoint = subscription?.endpoint ?? null;
  return { ...(await read(endpoint ?? undefined)), support: pushSupport(), endpoint };
}

export const pushStateQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.pushState(token),
    queryFn: () => withDevice((endpoint) => call.pushPreferences({ endpoint }, { loading: false })),
    enabled: Boolean(token),
  });

/** Turns push on here: permission, a subscription with the server's key, told to the server. */
export function useTurnOn(token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PushState> => {
      const { public_key } = await call.pushKey(undefined, { loading: false });
      const subscription = await subscribeDevice(public_key);
      const preferences = await call.pushSubscribe(subscriptionFields(subscription));
      return { ...preferences, support: pushSupport(), endpoint: subscription.endpoint };
    },
    onSuccess: (state) => queryClient.setQueryData(pushStateQuery(token).queryKey, state),
    // A refused permission changes what the page says.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.push }),
  });
}

/**
 * Ends this browser's subscription and tells the server; resolves even if it is offline. Also
 * on logout, so the next account on this browser never sees the last one's notifications.
 */
export async function forgetThisDevice(waitMs?: number): Promise<void> {
  if (pushSupport() !== 'allowed' || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription(waitMs).catch(() => null);
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe().catch(() => false);
  await call.pushUnsubscribe({ endpoint }, { loading: false, toast: false }).catch(() => {});
}

export function useTurnOff(token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await forgetThisDevice();
      return withDevice(() => call.pushPreferences(undefined, { loading: false }));
    },
    onSuccess: (state) => queryClient.setQueryData(pushStateQuery(token).queryKey, state),
  });
}

/** One switch: the answer is the server's whole list, kept beside this browser's state. */
export function useSetKind(token: string | undefined) {
  const queryClient = useQueryClient();
  const key = pushStateQuery(token).queryKey;
  return useMutation({
    mutationFn: ({ kind, push }: { kind: PushKind; push: boolean }) =>
      call.pushSetPreference(
        { kind, push, endpoint: queryClient.getQueryData(key)?.endpoint ?? undefined },
        { loading: false },
      ),
    onSuccess: (preferences) =>
      queryClient.setQueryData(key, (state) => state && { ...state, ...preferences }),
  });
}
