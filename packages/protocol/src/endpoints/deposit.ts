import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { depositRoutes } from '../routes/deposit.ts';
import {
  chargeBody,
  depositAddress,
  depositAddressBody,
  depositItem,
  platformBank,
  reviewCreated,
} from '../wallet.ts';

export const depositEndpoints = defineEndpoints('deposits', depositRoutes, {
  depositAddress: {
    summary: 'The deposit address of a coin on a network, and the minimum deposit',
    body: depositAddressBody,
    response: depositAddress,
  },
  depositBank: {
    summary: "The platform's bank account for bank deposits (network BANK)",
    response: platformBank,
  },
  depositReport: {
    summary:
      'Report a deposit (chain network, or BANK) with its voucher; credited only when an operator passes it',
    body: chargeBody,
    response: reviewCreated,
  },
  depositRecords: {
    summary: 'Deposit records, newest first: review, passed, rejected (with the reason)',
    query: pageQuery,
    response: pageOf(depositItem),
  },
});
