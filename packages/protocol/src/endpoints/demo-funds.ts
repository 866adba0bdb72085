import { defineEndpoints } from '../endpoint.ts';
import { demoFundsRoutes } from '../routes/demo-funds.ts';
import { demoFundsResult } from '../wallet.ts';

export const demoFundsEndpoints = defineEndpoints('wallet', demoFundsRoutes, {
  demoFundsTopUp: {
    summary: 'Demo mode only: credit demo funds to the spot account',
    response: demoFundsResult,
  },
});
