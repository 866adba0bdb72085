import { defineEndpoints } from '../endpoint.ts';
import { indexOverview, indexQuery, indexQuote } from '../price-index.ts';
import { indexOperatorRoutes, indexRoutes } from '../routes/price-index.ts';

export const indexEndpoints = defineEndpoints('market', indexRoutes, {
  indexPrice: {
    summary:
      'The index of a symbol: median of the fresh venue prices, its sources (used or left out) and whether it is stale',
    query: indexQuery,
    response: indexQuote,
  },
});

export const indexOperatorEndpoints = defineEndpoints('operator', indexOperatorRoutes, {
  operatorIndex: {
    summary:
      "The index's venues: each one's connection, and every spot pair's index with its sources",
    response: indexOverview,
  },
});
