import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import {
  leverCloseAllBody,
  leverCloseAllResult,
  leverDeal,
  leverDealBody,
  leverIdBody,
  leverListBody,
  leverPosition,
  leverSetStopBody,
  leverSubmitBody,
} from '../lever.ts';
import { leverRoutes } from '../routes/lever.ts';

export const leverEndpoints = defineEndpoints('contracts', leverRoutes, {
  leverDeal: {
    summary:
      'Contract pairs (lot size, multiples, spread, fee rate, maintenance ratio, last price) and your contract balance',
    body: leverDealBody,
    response: leverDeal,
  },
  leverSubmit: {
    summary:
      'Open a position at the last recorded price (market) or place a limit entry that waits',
    body: leverSubmitBody,
    response: leverPosition,
  },
  leverClose: {
    summary: 'Close a holding position at the last recorded price',
    body: leverIdBody,
    response: leverPosition,
  },
  leverCloseAll: {
    summary: 'Close all holding positions (`side`: all, long, short; optional `symbol`)',
    body: leverCloseAllBody,
    response: leverCloseAllResult,
  },
  leverCancel: {
    summary: 'Cancel a limit entry that still waits; margin and fee return',
    body: leverIdBody,
    response: leverPosition,
  },
  leverSetStop: {
    summary: 'Set stop profit and stop loss (an empty one is removed)',
    body: leverSetStopBody,
    response: leverPosition,
  },
  leverPositions: {
    summary: 'Your positions: holding (with waiting limit entries, live profit), closed, cancelled',
    body: leverListBody,
    response: pageOf(leverPosition),
  },
});
