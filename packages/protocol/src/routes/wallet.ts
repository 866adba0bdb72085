import type { Route } from '../endpoint.ts';

/** Balances, transfers between sub-accounts, conversions and the asset records. */
export const walletRoutes = {
  walletList: 'POST /wallet/list',
  walletDetail: 'POST /wallet/detail',
  walletTransfer: 'POST /wallet/change',
  walletTransfers: 'GET /wallet/hzhistory',
  walletPostings: 'POST /wallet/legal_log',
  walletExchangeQuote: 'POST /wallet/exchange_quote',
  walletExchange: 'POST /wallet/exchange',
  walletRecords: 'GET /wallet/records',
  walletRecord: 'GET /wallet/record',
} as const satisfies Record<string, Route>;
