import type { Route } from '../endpoint.ts';

/** The user's bank cards (bank-card withdrawals). */
export const bankRoutes = {
  bankCardSave: 'POST /user/cash_save',
  bankCardList: 'POST /user/cash_info',
  bankCardDelete: 'POST /user/cash_del',
} as const satisfies Record<string, Route>;
