import { Dec } from '../decimal.ts';

export interface VenuePrice {
  venue: string;
  price: string | null;
  /** When the price was received (ms), or null. */
  time: number | null;
}

export interface IndexRules {
  /** A price older than this is not fresh. */
  staleMs: number;
  /** A fraction, e.g. "0.02": a source further than this from the median of the others is left out. */
  maxDeviation: string;
  /** Fewer used sources than this: stale. */
  minSources: number;
}

export interface IndexResult {
  /** Median of the used sources; null when none is used. */
  price: string | null;
  stale: boolean;
  sources: (VenuePrice & { used: boolean })[];
}

function median(values: readonly Dec[]): Dec {
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as Dec;
  return sorted.length % 2 === 1 ? upper : upper.plus(sorted[mid - 1] as Dec).div(2);
}

/**
 * The index of one symbol at `now`: the median of the fresh sources that agree with the others
 * (each compared with the median of the other fresh ones; two that disagree are both left out,
 * since neither can be trusted over the other).
 */
export function computeIndex(
  prices: readonly VenuePrice[],
  now: number,
  rules: IndexRules,
): IndexResult {
  const limit = new Dec(rules.maxDeviation);
  const fresh = prices.map(
    (p) => p.price !== null && p.time !== null && now - p.time <= rules.staleMs,
  );
  const values = prices.map((p) => (p.price === null ? null : new Dec(p.price)));
  const sources = prices.map((p, i) => {
    const value = values[i];
    if (!fresh[i] || !value) return { ...p, used: false };
    const others = values.filter((v, j): v is Dec => j !== i && fresh[j] === true && v !== null);
    if (others.length === 0) return { ...p, used: true };
    const m = median(others);
    return { ...p, used: value.minus(m).abs().lte(m.times(limit)) };
  });
  const used = sources.flatMap((s, i) => (s.used ? [values[i] as Dec] : []));
  return {
    price: used.length > 0 ? median(used).toFixed() : null,
    stale: used.length < Math.max(1, rules.minSources),
    sources,
  };
}
