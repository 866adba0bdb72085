import { z } from 'zod';

/** One venue's price in the index: `used` false when stale or left out as too far from the others. */
export const indexSource = z.object({
  venue: z.string(),
  price: z.string().nullable(),
  time: z.number().int().nullable(),
  used: z.boolean(),
});
export type IndexSourceView = z.infer<typeof indexSource>;

/** The index of a symbol (what contracts, options and alerts go by); `index.<SYMBOL>` pushes it. */
export const indexQuote = z.object({
  symbol: z.string(),
  price: z.string().nullable(),
  time: z.number().int().nullable(),
  stale: z.boolean(),
  sources: z.array(indexSource),
});
export type IndexQuoteView = z.infer<typeof indexQuote>;

export const indexQuery = z.object({ symbol: z.string().regex(/^[A-Z0-9]{2,20}$/) });

/** The console's view: each venue's connection and every spot pair's index. */
export const indexOverview = z.object({
  source: z.string(),
  stale_after_s: z.number().int(),
  max_deviation: z.string(),
  min_sources: z.number().int(),
  venues: z.array(
    z.object({
      venue: z.string(),
      state: z.enum(['connecting', 'open', 'closed', 'simulated']),
      since: z.number().int().nullable(),
    }),
  ),
  symbols: z.array(indexQuote),
});
export type IndexOverview = z.infer<typeof indexOverview>;
