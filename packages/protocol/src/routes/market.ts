import type { Route } from '../endpoint.ts';

/** Quotes, the time-share line, klines, the order book and the user's favourite symbols. */
export const marketRoutes = {
  marketQuotes: 'GET /currency/quotation_new',
  marketFutures: 'GET /currency/futures_list',
  marketInfo: 'GET /currency/futures_info',
  marketTimeShare: 'GET /currency/new_timeshar',
  marketKline: 'GET /currency/kline',
  marketDeal: 'GET /currency/deal',
  marketFavorites: 'GET /currency/user_currency_list',
  marketFavoriteAdd: 'POST /currency/user_currency_add',
  marketFavoriteRemove: 'POST /currency/user_currency_del',
} as const satisfies Record<string, Route>;
