import { defineEndpoints } from '../endpoint.ts';
import { demoFundsRoutes } from '../routes/demo-funds.ts';
import { demoFundsResult, demoFundsStatus } from '../wallet.ts';

export const demoFundsEndpoints = defineEndpoints('wallet', demoFundsRoutes, {
  demoFundsTopUp: {
    summary: 'Demo mode only: credit demo funds to the spot account',
    response: demoFundsResult,
  },
  demoFundsStatus: {
    summary: 'Demo mode only: when the next demo top-up is allowed',
    response: demoFundsStatus,
  },
});
