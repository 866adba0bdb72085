import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { operatorReviewRoutes } from '../routes/operator-review.ts';
import {
  adminDeposit,
  adminKyc,
  depositPassBody,
  depositQueueQuery,
  idParams,
  kycQueueQuery,
  moneyQueueQuery,
  passBody,
  rejectBody,
} from '../admin.ts';
import { adminWithdrawalReview } from '../admin-security.ts';
import { adminSubscription, subscriptionQueueQuery } from '../console-projects.ts';

export const operatorReviewEndpoints = defineEndpoints('operator', operatorReviewRoutes, {
  operatorKyc: {
    summary: 'KYC queue with evidence (status defaults to review)',
    query: kycQueueQuery,
    response: pageOf(adminKyc),
  },
  operatorKycPass: {
    summary: 'Pass a kyc under review',
    params: idParams,
    body: passBody,
    response: adminKyc,
  },
  operatorKycReject: {
    summary: 'Reject a kyc under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminKyc,
  },
  operatorDeposits: {
    summary: 'Deposit queue with evidence (status defaults to review; confirming: seen on chain)',
    query: depositQueueQuery,
    response: pageOf(adminDeposit),
  },
  operatorDepositPass: {
    summary: 'Pass a deposit under review',
    params: idParams,
    body: depositPassBody,
    response: adminDeposit,
  },
  operatorDepositReject: {
    summary: 'Reject a deposit under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminDeposit,
  },
  operatorWithdrawals: {
    summary: 'Withdrawal queue with evidence (status defaults to review)',
    query: moneyQueueQuery,
    response: pageOf(adminWithdrawalReview),
  },
  operatorWithdrawalPass: {
    summary: 'Pass a withdrawal under review',
    params: idParams,
    body: passBody,
    response: adminWithdrawalReview,
  },
  operatorWithdrawalReject: {
    summary: 'Reject a withdrawal under review (reason required)',
    params: idParams,
    body: rejectBody,
    response: adminWithdrawalReview,
  },
  operatorSubscriptions: {
    summary:
      'Subscriptions with their evidence: under review until the allocation the subscription job runs at the close',
    query: subscriptionQueueQuery,
    response: pageOf(adminSubscription),
  },
  operatorSubscriptionPass: {
    summary:
      'Pass a subscription under review: recorded (who, when); the allocation at the close still decides its tokens',
    params: idParams,
    body: passBody,
    response: adminSubscription,
  },
  operatorSubscriptionReject: {
    summary:
      'Reject a subscription under review (reason required): its frozen payment returns to available and the allocation leaves it out',
    params: idParams,
    body: rejectBody,
    response: adminSubscription,
  },
});
