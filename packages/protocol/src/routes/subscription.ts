import type { Route } from '../endpoint.ts';

/** New-coin subscription, the spec's `lh/send` routes. */
export const subscriptionRoutes = {
  subscriptionConfig: 'GET /lh/send/config',
  subscriptionProjects: 'GET /lh/send/product_info',
  subscriptionRecommended: 'GET /lh/send/get_recommend',
  subscriptionSubscribe: 'POST /lh/send/order',
  subscriptionOrders: 'GET /lh/send/order_list',
} as const satisfies Record<string, Route>;
