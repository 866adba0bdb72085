import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { symbolParams } from '../console-config.ts';
import {
  makerFills,
  makerFillsQuery,
  makerFundBody,
  makerKillResult,
  makerOverview,
  makerPairBody,
  makerPairView,
} from '../maker.ts';
import { makerOperatorRoutes } from '../routes/maker.ts';

export const makerOperatorEndpoints = defineEndpoints('operator', makerOperatorRoutes, {
  operatorMaker: {
    summary:
      "The market maker: each spot pair's settings and state, its inventory, P&L realised and marked to the index",
    response: makerOverview,
  },
  operatorMakerPairSave: {
    summary:
      "Set a pair's market maker: on/off, levels, spread around the index, size, refresh, inventory bounds, hedging",
    params: symbolParams,
    body: makerPairBody,
    response: makerPairView,
  },
  operatorMakerFund: {
    summary: "Move a coin between the treasury and the market maker's account (a ledger entry)",
    body: makerFundBody,
    response: z.object({ currency_id: z.number().int(), available: z.string() }),
  },
  operatorMakerKill: {
    summary: 'Kill switch: every pair off and every order of the maker cancelled at once',
    response: makerKillResult,
  },
  operatorMakerFills: {
    summary: "A pair's latest maker fills, and the hedges beside them",
    query: makerFillsQuery,
    response: makerFills,
  },
});
