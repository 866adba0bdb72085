import type { Route } from '../endpoint.ts';

/** The settings under `/admin/config` (operator/settings.ts, used by the domains' operator.ts), four eyes, and the chain networks. */
export const operatorSettingsRoutes = {
  // Settings (operator/settings.ts, used by the domains' operator.ts) and four eyes
  operatorCoins: 'GET /admin/config/coins',
  operatorCoinUpdate: 'PUT /admin/config/coins/:id',
  operatorCoinNetworks: 'GET /admin/config/coins/:id/networks',
  operatorCoinNetworkUpdate: 'PUT /admin/config/coins/:id/networks/:network',
  operatorSpotPairs: 'GET /admin/config/spot-pairs',
  operatorSpotPairUpdate: 'PUT /admin/config/spot-pairs/:symbol',
  operatorLeverPairs: 'GET /admin/config/lever-pairs',
  operatorLeverPairUpdate: 'PUT /admin/config/lever-pairs/:symbol',
  operatorOptionPeriods: 'GET /admin/config/option-periods',
  operatorOptionPeriodCreate: 'POST /admin/config/option-periods',
  operatorOptionPeriodUpdate: 'PUT /admin/config/option-periods/:seconds',
  operatorFinanceProducts: 'GET /admin/config/finance-products',
  operatorFinanceProductCreate: 'POST /admin/config/finance-products',
  operatorFinanceProductUpdate: 'PUT /admin/config/finance-products/:id',
  operatorSubscriptionProjects: 'GET /admin/config/subscription-projects',
  operatorSubscriptionProjectCreate: 'POST /admin/config/subscription-projects',
  operatorSubscriptionProjectUpdate: 'PUT /admin/config/subscription-projects/:id',
  operatorFourEyes: 'GET /admin/config/four-eyes',
  operatorFourEyesUpdate: 'PUT /admin/config/four-eyes',
  // Chain networks (chain/operator.ts)
  operatorChain: 'GET /admin/chain',
} as const satisfies Record<string, Route>;
