import {
  BINANCE_STREAM_URL,
  BYBIT_SPOT_URL,
  OKX_PUBLIC_URL,
  PERIODS,
  VENUES,
  type Period,
  type Venue,
} from '@hx/market';

/** Where the index's prices come from and when it is stale (docs/operations.md, "Going live"). */
export interface IndexSettings {
  /** `MARKET_SOURCE` as given: `simulated`, or the venues' comma list. */
  marketSource: string;
  /** The venues the index takes prices from; empty for the simulated walk. */
  indexVenues: Venue[];
  binanceWsUrl: string;
  okxWsUrl: string;
  bybitWsUrl: string;
  /** `INDEX_STALE_S` in ms: a venue price older than this is not fresh. */
  indexStaleMs: number;
  /** `INDEX_MAX_DEVIATION`: a fraction; a source further from the others' median is left out. */
  indexMaxDeviation: string;
  /** `INDEX_MIN_SOURCES`: fewer used sources make the index stale. */
  indexMinSources: number;
  /** `OPTION_STALE_REFUND_S` in ms: an option due while stale this long is refunded. */
  optionStaleRefundMs: number;
}

type Env = Record<string, string | undefined>;

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}; got '${value}'`);
  return n;
}

function venues(value: string | undefined, mode: 'demo' | 'production'): Venue[] {
  const names = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const choices = `simulated (demo only) or a comma list of ${VENUES.join(', ')}`;
  if (names.length === 0 || (names.length === 1 && names[0] === 'simulated')) {
    if (mode === 'production')
      throw new Error(
        `MODE=production needs real prices: MARKET_SOURCE is ${value ? `'${value}'` : 'unset'}; ` +
          `set it to a comma list of ${VENUES.join(', ')} (e.g. MARKET_SOURCE=binance,okx,bybit)`,
      );
    return [];
  }
  const unknown = names.filter((n) => !(VENUES as readonly string[]).includes(n));
  if (unknown.length > 0 || new Set(names).size !== names.length)
    throw new Error(`MARKET_SOURCE must be ${choices}; got '${value}'`);
  return names as Venue[];
}

export function indexSettings(env: Env, mode: 'demo' | 'production'): IndexSettings {
  const indexVenues = venues(env.MARKET_SOURCE, mode);
  const maxDeviation = env.INDEX_MAX_DEVIATION || '0.02';
  if (!/^0(\.\d{1,8})?$/.test(maxDeviation) || Number(maxDeviation) === 0)
    throw new Error(
      `INDEX_MAX_DEVIATION must be a fraction above 0, e.g. 0.02; got '${maxDeviation}'`,
    );
  const minSources = whole(
    'INDEX_MIN_SOURCES',
    env.INDEX_MIN_SOURCES,
    indexVenues.length >= 3 ? 2 : 1,
    1,
  );
  if (indexVenues.length > 0 && minSources > indexVenues.length)
    throw new Error(
      `INDEX_MIN_SOURCES (${minSources}) is more than the venues MARKET_SOURCE names (${indexVenues.length})`,
    );
  return {
    marketSource: indexVenues.length > 0 ? indexVenues.join(',') : 'simulated',
    indexVenues,
    binanceWsUrl: env.BINANCE_WS_URL || BINANCE_STREAM_URL,
    okxWsUrl: env.OKX_WS_URL || OKX_PUBLIC_URL,
    bybitWsUrl: env.BYBIT_WS_URL || BYBIT_SPOT_URL,
    indexStaleMs: whole('INDEX_STALE_S', env.INDEX_STALE_S, 10, 1) * 1000,
    indexMaxDeviation: maxDeviation,
    indexMinSources: minSources,
    optionStaleRefundMs: whole('OPTION_STALE_REFUND_S', env.OPTION_STALE_REFUND_S, 300, 1) * 1000,
  };
}

/**
 * `HISTORY_DAYS` (simulated market only): how many days of chart history a period gets on first
 * start, as `period:days` pairs (`1min:1,5min:3`); periods not named keep BACKFILL_DAYS. A test
 * or trial server writes a few thousand bars a symbol instead of 28,000.
 */
export function historyDays(value: string | undefined): Partial<Record<Period, number>> {
  const days: Partial<Record<Period, number>> = {};
  for (const pair of (value ?? '').split(',').filter((p) => p.trim())) {
    const [period = '', count] = pair.split(':').map((part) => part.trim());
    const n = Number(count);
    if (!(PERIODS as readonly string[]).includes(period) || !Number.isSafeInteger(n) || n < 1)
      throw new Error(
        `HISTORY_DAYS must be period:days pairs of ${PERIODS.join(', ')} (e.g. 1min:1,5min:3); got '${value}'`,
      );
    days[period as Period] = n;
  }
  return days;
}
