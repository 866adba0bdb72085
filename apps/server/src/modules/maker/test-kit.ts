import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { auth } from '../wallet/test-kit.ts';

/** A console call with a JSON body, as the console sends them; returns status and envelope. */
export async function console_(
  app: App,
  admin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: object,
) {
  const response = await app.inject({
    method,
    url: `/api/admin/${path}`,
    headers: auth(admin),
    ...(body && { payload: body }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

export const PAIR = {
  enabled: true,
  levels: 3,
  spread_bps: 10,
  size: '0.01',
  refresh_ms: 60_000,
  base_min: null as string | null,
  base_max: null as string | null,
  quote_min: null as string | null,
  quote_max: null as string | null,
  hedge: false,
  max_unhedged: '0',
};

/** Saves BTCUSDT's maker settings (with `changes`) and expects them taken. */
export async function saveBtc(app: App, admin: string, changes: Partial<typeof PAIR> = {}) {
  const saved = await console_(app, admin, 'PUT', 'maker/pairs/BTCUSDT', { ...PAIR, ...changes });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.message;
}

/** Moves `amount` of `coin` from the treasury to the maker through the console. */
export async function fundMaker(app: App, admin: string, coin: number, amount: string) {
  const funded = await console_(app, admin, 'POST', 'maker/fund', {
    currency_id: coin,
    amount,
    direction: 'in',
  });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
}

/** The BTCUSDT book as numbers: [price, amount] per level, best first. */
export function bookOf(app: App) {
  const deal = app.spot.deal('BTCUSDT');
  const levels = (side: [string, string][]) => side.map(([p, a]) => [Number(p), Number(a)]);
  return { bids: levels(deal.bids), asks: levels(deal.asks) };
}
