/**
 * A user's sub-accounts (spot, options, contracts, wealth). Apart from wallet.ts and its schemas,
 * so a page that only names them does not load the schema library.
 */
export const SUB_ACCOUNT_NAMES = ['currency', 'options', 'contract', 'trust'] as const;
export type SubAccountName = (typeof SUB_ACCOUNT_NAMES)[number];
