import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { subscriptionRoutes } from '../routes/subscription.ts';
import {
  projectItem,
  projectQuery,
  subscribeBody,
  subscriptionConfig,
  subscriptionCreated,
  subscriptionItem,
  subscriptionQuery,
} from '../subscription.ts';

export const subscriptionEndpoints = defineEndpoints('subscription', subscriptionRoutes, {
  subscriptionConfig: {
    summary: 'Project and record states, the price currency (USDT) and the server time',
    response: subscriptionConfig,
  },
  subscriptionProjects: {
    summary:
      'With `id`: one project. Otherwise a page of projects, newest first, filtered by `state` (subscribing, sold_out, launched)',
    query: projectQuery,
    response: z.union([projectItem, pageOf(projectItem)]),
  },
  subscriptionRecommended: {
    summary: 'Recommended projects (at most 5), those still subscribing first',
    response: pageOf(projectItem),
  },
  subscriptionSubscribe: {
    summary:
      'Subscribe: `number` of the payment coin is frozen in the currency account until the project closes and allocates (pro-rata when oversubscribed)',
    body: subscribeBody,
    response: subscriptionCreated,
  },
  subscriptionOrders: {
    summary:
      'Your subscriptions, newest first (`status` review, passed or rejected with its reason), with allocation, lock-up and returns',
    query: subscriptionQuery,
    response: pageOf(subscriptionItem),
  },
});
