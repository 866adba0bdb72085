import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { withdrawRoutes } from '../routes/withdraw.ts';
import { withdrawalItem, withdrawBody, withdrawCreated } from '../wallet.ts';

export const withdrawEndpoints = defineEndpoints('withdrawals', withdrawRoutes, {
  withdrawRequest: {
    summary:
      'Request a withdrawal to a saved address (`address_id`) or a bound bank card (`bank_id`, bank currency only); the amount stays frozen until an operator decides',
    body: withdrawBody,
    response: withdrawCreated,
  },
  withdrawRecords: {
    summary: 'Withdrawal records, newest first: review, passed, rejected (with the reason)',
    query: pageQuery,
    response: pageOf(withdrawalItem),
  },
});
