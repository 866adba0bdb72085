import type { Route } from '../endpoint.ts';

/** The referral programme: code and link, invited users, rebates, ranking, poster. */
export const referralRoutes = {
  referralSummary: 'GET /user/invite',
  referralInvitees: 'GET /user/invite_list',
  /** The same list, the page in a form. */
  referralInviteesForm: 'POST /user/invite_list',
  referralRanking: 'POST /user/my_invite_list',
  referralRebates: 'POST /user/my_account_return',
  referralPoster: 'GET /user/my_poster',
  referralShare: 'GET /user/my_share',
} as const satisfies Record<string, Route>;
