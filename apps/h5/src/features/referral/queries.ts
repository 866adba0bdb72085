import { useQuery } from '@tanstack/react-query';
import { call, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

/** The referral programme's payloads (docs/api.md, Referral). */
export type InviteSummary = Result<'referralSummary'>;
export type Invitee = Result<'referralInvitees'>['list'][number];
export type Rebate = Result<'referralRebates'>['list'][number];
export type RankingRow = Result<'referralRanking'>[number];
export type Poster = Result<'referralPoster'>;

export const useInviteSummary = () =>
  useQuery({
    queryKey: queryKeys.referralSummary,
    queryFn: () => call.referralSummary(),
  });

export const useRanking = () =>
  useQuery({
    queryKey: queryKeys.referralRanking,
    queryFn: () => call.referralRanking(),
  });

export const usePoster = () =>
  useQuery({
    queryKey: queryKeys.referralPoster,
    queryFn: () => call.referralPoster(),
  });

export const fetchInvitees = (page: number, limit: number) =>
  call.referralInvitees({ page, limit });

export const fetchRebates = (page: number, limit: number) => call.referralRebates({ page, limit });
