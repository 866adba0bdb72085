import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import type { Paged } from '../wallet/types.ts';

/** The referral programme's payloads (docs/api.md, Referral). */
export interface InviteSummary {
  invite_code: string;
  invite_link: string;
  rebate_rate: string;
  promoted: number;
  total_rewards: string;
  pending_rewards: string;
  rewards: { currency_id: number; name: string; amount: string }[];
  rank: number | null;
}
export interface Invitee {
  id: number;
  account: string;
  kyc: string;
  rewards: string;
  created_at: number;
}
export interface Rebate {
  id: number;
  account: string;
  name: string;
  fee: string;
  rate: string;
  amount: string;
  time: number;
}
export interface RankingRow {
  rank: number;
  account: string;
  invited: number;
  rewards: string;
  mine: boolean;
}
export interface Poster {
  app_name: string;
  invite_code: string;
  invite_link: string;
}

export const useInviteSummary = () =>
  useQuery({
    queryKey: [...queryKeys.referral, 'summary'],
    queryFn: () => apiGet<InviteSummary>('user/invite'),
  });

export const useRanking = () =>
  useQuery({
    queryKey: [...queryKeys.referral, 'ranking'],
    queryFn: () => apiPost<RankingRow[]>('user/my_invite_list'),
  });

export const usePoster = () =>
  useQuery({
    queryKey: [...queryKeys.referral, 'poster'],
    queryFn: () => apiGet<Poster>('user/my_poster'),
  });

export const fetchInvitees = (page: number, limit: number) =>
  apiGet<Paged<Invitee>>('user/invite_list', { page, limit });

export const fetchRebates = (page: number, limit: number) =>
  apiPost<Paged<Rebate>>('user/my_account_return', { page, limit });
