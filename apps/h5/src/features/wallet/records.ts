/** The kinds of ledger postings the server writes so far (wallet/legal_log `type`). */
export const POSTING_TYPES = [
  'deposit',
  'transfer',
  'withdraw_freeze',
  'withdraw',
  'withdraw_fee',
  'withdraw_unfreeze',
] as const;
