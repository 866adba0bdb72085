import type { Route } from '../endpoint.ts';

/** Timed options (microtrade/*). */
export const optionsRoutes = {
  optionsInfo: 'GET /microtrade/info',
  optionsPeriods: 'GET /microtrade/seconds',
  optionsCurrencies: 'GET /microtrade/payable_currencies',
  optionsSubmit: 'POST /microtrade/submit',
  optionsOrders: 'GET /microtrade/lists',
  optionsOrder: 'GET /microtrade/detail',
} as const satisfies Record<string, Route>;
