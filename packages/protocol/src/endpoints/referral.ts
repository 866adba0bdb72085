import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageQuery } from '../fields.ts';
import { inviteeList, inviteSummary, posterInfo, rankingItem, rebateList } from '../referral.ts';
import { referralRoutes } from '../routes/referral.ts';

const invitees = {
  summary: 'The users this user invited, newest first (GET query or POST form)',
  query: pageQuery,
  response: inviteeList,
};
const poster = {
  summary: 'What the invitation poster and share sheet show: app name, code and link',
  response: posterInfo,
};

export const referralEndpoints = defineEndpoints('referral', referralRoutes, {
  referralSummary: {
    summary: 'Invitation code and link, rebate rate, users invited, rewards paid and pending, rank',
    response: inviteSummary,
  },
  referralInvitees: invitees,
  // The server reads the page from the form or the query; the query is what is checked.
  referralInviteesForm: invitees,
  referralRanking: {
    summary: 'Ranking: the top 10 by users invited, ties by rewards',
    response: z.array(rankingItem),
  },
  referralRebates: {
    summary: 'Rebates paid to this user, newest first',
    body: pageQuery.optional(),
    response: rebateList,
  },
  referralPoster: poster,
  referralShare: poster,
});
