import type { Route } from '../endpoint.ts';

/** The review queues under `/admin` (operator/queue.ts): KYC, deposits, withdrawals, subscriptions. */
export const operatorReviewRoutes = {
  // Review queues (operator/queue.ts, used by kyc, deposit, withdraw and subscription)
  operatorKyc: 'GET /admin/kyc',
  operatorKycPass: 'POST /admin/kyc/:id/pass',
  operatorKycReject: 'POST /admin/kyc/:id/reject',
  operatorDeposits: 'GET /admin/deposits',
  operatorDepositPass: 'POST /admin/deposits/:id/pass',
  operatorDepositReject: 'POST /admin/deposits/:id/reject',
  operatorWithdrawals: 'GET /admin/withdrawals',
  operatorWithdrawalPass: 'POST /admin/withdrawals/:id/pass',
  operatorWithdrawalReject: 'POST /admin/withdrawals/:id/reject',
  operatorSubscriptions: 'GET /admin/subscriptions',
  operatorSubscriptionPass: 'POST /admin/subscriptions/:id/pass',
  operatorSubscriptionReject: 'POST /admin/subscriptions/:id/reject',
} as const satisfies Record<string, Route>;
