import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import {
  financeBuyBody,
  financeCancelBody,
  financeCancelResult,
  financeConfig,
  financeOrder,
  financeOrderQuery,
  financeProduct,
  financeReport,
} from '../finance.ts';
import { financeRoutes } from '../routes/finance.ts';

export const financeEndpoints = defineEndpoints('finance', financeRoutes, {
  financeConfig: {
    summary: 'The rules: penalty multiple and the worked examples of interest and penalty',
    response: financeConfig,
  },
  financeProducts: {
    summary: 'Products on sale: cycle, minimum, daily rate, early-redemption ratio',
    response: z.array(financeProduct),
  },
  financeReport: {
    summary: 'Your totals: invested, earned today, earned in all (USDT and per coin)',
    response: financeReport,
  },
  financeBuy: {
    summary: 'Buy a product from the trust account (the agreement must be accepted)',
    body: financeBuyBody,
    response: financeOrder,
  },
  financeOrders: {
    summary: 'Your custody orders by status, newest first',
    query: financeOrderQuery,
    response: pageOf(financeOrder),
  },
  financeRedeem: {
    summary: 'Redeem early: the principal less ratio × remaining days × principal returns',
    body: financeCancelBody,
    response: financeCancelResult,
  },
});
