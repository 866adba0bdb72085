import type { Route } from '../endpoint.ts';

/** Deposits: the address or bank account to pay to, the report with its voucher, the records. */
export const depositRoutes = {
  depositAddress: 'POST /wallet/get_in_address',
  depositBank: 'POST /wallet/get_info',
  depositReport: 'POST /wallet/charge_req',
  depositRecords: 'GET /charge_mention/log2',
} as const satisfies Record<string, Route>;
