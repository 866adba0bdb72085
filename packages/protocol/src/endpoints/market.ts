import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import {
  favoriteSymbols,
  klineBar,
  klineQuery,
  marketDeal,
  marketQuote,
  quotationQuery,
  quoteInfo,
  sourcedSymbolQuery,
  symbolQuery,
  timeSharePoint,
} from '../market.ts';
import { marketRoutes } from '../routes/market.ts';

export const marketEndpoints = defineEndpoints('market', marketRoutes, {
  marketQuotes: {
    summary: 'Quotes with 24h statistics (spot pairs; `kind` forex, futures or all)',
    query: quotationQuery,
    response: z.array(marketQuote),
  },
  marketFutures: {
    summary: 'Quotes of the forex pairs and futures',
    response: z.array(marketQuote),
  },
  marketInfo: {
    summary: 'One quote with 24h statistics and precision (any listed symbol)',
    query: sourcedSymbolQuery,
    response: quoteInfo,
  },
  marketTimeShare: {
    summary: 'Time-share line: the close of every minute of the last 24 hours',
    query: sourcedSymbolQuery,
    response: z.array(timeSharePoint),
  },
  marketKline: {
    summary: 'Bars of [from, to), ascending; at most `limit` (≤ 1000), the latest of the range',
    query: klineQuery,
    response: z.array(klineBar),
  },
  marketDeal: {
    summary: 'Order book and latest trades of a pair (empty until spot trading runs)',
    query: symbolQuery,
    response: marketDeal,
  },
  marketFavorites: {
    summary: "The user's favourite symbols with their quotes",
    response: z.array(marketQuote),
  },
  marketFavoriteAdd: {
    summary: 'Add a symbol to the favourites',
    body: symbolQuery,
    response: favoriteSymbols,
  },
  marketFavoriteRemove: {
    summary: 'Remove a symbol from the favourites',
    body: symbolQuery,
    response: favoriteSymbols,
  },
});
