import { z } from 'zod';
import { decimal, epochMs, pageOf } from './fields.ts';

/** The referral programme: a user's code, link, counts and rewards (USDT values at last prices). */
export const inviteSummary = z.object({
  invite_code: z.string(),
  invite_link: z.string().describe('registration link with the code prefilled'),
  rebate_rate: decimal.describe("share of invited users' trading fees, e.g. 0.2"),
  promoted: z.number().int().describe('users invited'),
  total_rewards: decimal.describe('rebates paid, USDT value'),
  pending_rewards: decimal.describe('rebates earned and not yet paid, USDT value'),
  rewards: z.array(z.object({ currency_id: z.number().int(), name: z.string(), amount: decimal })),
  rank: z.number().int().nullable().describe('place in the top 10, or null'),
});

export const inviteeItem = z.object({
  id: z.number().int(),
  account: z.string().describe('masked'),
  kyc: z.string(),
  rewards: decimal.describe('rebates this user brought, USDT value'),
  created_at: epochMs,
});
export const inviteeList = pageOf(inviteeItem);

export const rankingItem = z.object({
  rank: z.number().int(),
  account: z.string().describe('masked'),
  invited: z.number().int(),
  rewards: decimal,
  mine: z.boolean(),
});

export const rebateItem = z.object({
  id: z.number().int(),
  account: z.string().describe('the invited user who paid the fee, masked'),
  currency_id: z.number().int(),
  name: z.string(),
  fee: decimal,
  rate: decimal,
  amount: decimal,
  time: epochMs,
});
export const rebateList = pageOf(rebateItem);

export const posterInfo = z.object({
  app_name: z.string(),
  invite_code: z.string(),
  invite_link: z.string(),
});
