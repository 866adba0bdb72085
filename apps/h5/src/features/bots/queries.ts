import { queryOptions } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { awaitingRun } from './runs.ts';

/**
 * The user's bots over HTTP, per session. A purchase is a spot order, so the user's `orders`
 * push refreshes them (cache/stale.ts); a run due now (the job records it within 30 s) is
 * asked for every few seconds until it shows.
 */
const DUE_POLL_MS = 5_000;

export const botsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.botsOf(token),
    queryFn: () => call.botsList(undefined, { loading: false }),
    enabled: Boolean(token),
    refetchInterval: (q) =>
      q.state.data?.list.some((bot) => awaitingRun(bot, Date.now())) ? DUE_POLL_MS : false,
  });

/** One bot with its runs (newest first); another user's or an unknown id is a 404. */
export const botQuery = (id: number | null, token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.botOf(id, token),
    queryFn: () => call.botsDetail({ id: id ?? 0 }, { loading: false, toast: false }),
    enabled: Boolean(token) && id !== null,
    refetchInterval: (q) => (awaitingRun(q.state.data, Date.now()) ? DUE_POLL_MS : false),
  });

export type NewRecurringBuy = Input<'botsRecurring'>;

/** Starts a recurring buy; a refusal is toasted by the client and kept beside the form. */
export const startRecurring = (body: NewRecurringBuy) => call.botsRecurring(body);

/** Stops a bot: it buys nothing more (what it bought stays in the spot account). */
export const stopBot = (id: number) => call.botsStop({ id });
