import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import {
  configSavingsProduct,
  configSavingsProductBody,
  savingsAmountBody,
  savingsAutoBody,
  savingsCoinParams,
  savingsHolding,
  savingsOverview,
  savingsRedeemResult,
} from '../savings.ts';
import { savingsOperatorRoutes, savingsRoutes } from '../routes/savings.ts';

export const savingsEndpoints = defineEndpoints('savings', savingsRoutes, {
  savingsOverview: {
    summary: 'Flexible savings: the products, your holdings and your daily interest payments',
    response: savingsOverview,
  },
  savingsSubscribe: {
    summary: 'Move an amount from the spot account into savings; it earns from the next hour',
    body: savingsAmountBody,
    response: savingsHolding,
  },
  savingsRedeem: {
    summary: "Redeem to the spot account: at once within today's quota, else at the next UTC day",
    body: savingsAmountBody,
    response: savingsRedeemResult,
  },
  savingsAutoSubscribe: {
    summary: 'Opt in or out of moving the idle spot balance of a coin into savings every hour',
    body: savingsAutoBody,
    response: savingsHolding,
  },
});

export const savingsOperatorEndpoints = defineEndpoints('savings', savingsOperatorRoutes, {
  operatorSavingsProducts: {
    summary: 'Flexible savings terms per coin: rate tiers, minimum, daily instant quota',
    response: z.array(configSavingsProduct),
  },
  operatorSavingsProductSave: {
    summary: "Set a coin's flexible savings terms (hours not yet accrued earn the new rates)",
    params: savingsCoinParams,
    body: configSavingsProductBody,
    response: configSavingsProduct,
  },
});
