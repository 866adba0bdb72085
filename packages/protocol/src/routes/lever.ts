import type { Route } from '../endpoint.ts';

/** Perpetual contracts (lever/*). */
export const leverRoutes = {
  leverDeal: 'POST /lever/deal',
  leverSubmit: 'POST /lever/submit',
  leverClose: 'POST /lever/close',
  leverCloseAll: 'POST /lever/close_all',
  leverCancel: 'POST /lever/cancel',
  leverSetStop: 'POST /lever/setstop',
  leverPositions: 'POST /lever/my_trade',
} as const satisfies Record<string, Route>;
