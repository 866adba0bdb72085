import { createBinanceSource } from '../binance/source.ts';
import { findSymbol } from '../symbols.ts';
import type { MarketSource } from '../types.ts';
import { createBybitSource } from './bybit.ts';
import { createOkxSource, type VenueOptions } from './okx.ts';

export const VENUES = ['binance', 'okx', 'bybit'] as const;
export type Venue = (typeof VENUES)[number];

/** A venue's public spot price stream (Binance: its `<symbol>@trade` combined stream). */
export function createVenueSource(venue: Venue, opts: VenueOptions): MarketSource {
  if (venue === 'okx') return createOkxSource(opts);
  if (venue === 'bybit') return createBybitSource(opts);
  return createBinanceSource({
    url: opts.url,
    symbols: opts.symbols.filter((s) => findSymbol(s)?.kind === 'spot'),
    streams: ['trade'],
    backoff: opts.backoff,
    staleMs: opts.silentMs,
    random: opts.random,
  });
}
