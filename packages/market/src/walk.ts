import { Activity } from './activity.ts';
import { formatUnits, priceUnitsOnTick, tickUnits } from './decimal.ts';
import { MINUTE_MS, nextPeriodStart, periodStart } from './periods.ts';
import { hashKey, mulberry32, normals } from './random.ts';
import { PERIODS } from './types.ts';
import type { Bar, Period, Precision, SymbolSpec } from './types.ts';

const YEAR_MS = 365.25 * 86_400_000;
const MINUTES_PER_DAY = 1440;

/** The per-symbol constants of the random walk, computed once. */
export interface WalkModel {
  spec: SymbolSpec;
  /** Tick size in price units (10^-pricePrecision). */
  tick: number;
  /** 10^pricePrecision / tick: model price → whole ticks. */
  ticksPerUnitPrice: number;
  /** Volatility of log price per sqrt(ms). */
  sigmaPerSqrtMs: number;
  /** Typical volume per minute in amount units (10^-amountPrecision). */
  minuteVolumeUnits: number;
}

export function walkModel(spec: SymbolSpec): WalkModel {
  return {
    spec,
    tick: tickUnits(spec),
    ticksPerUnitPrice: 10 ** spec.pricePrecision / tickUnits(spec),
    sigmaPerSqrtMs: spec.annualVolatility / Math.sqrt(YEAR_MS),
    minuteVolumeUnits: spec.minuteVolume * 10 ** spec.amountPrecision,
  };
}

/** A model price in integer price units, on tick and at least one tick. */
export function priceUnitsOf(m: WalkModel, price: number): number {
  return priceUnitsOnTick(price, m.ticksPerUnitPrice, m.tick);
}

/** Volume in amount units for `typicalUnits`, larger on bigger moves (|z| standard deviations). */
export function volumeUnits(typicalUnits: number, u: number, z: number): number {
  return Math.max(1, Math.round(typicalUnits * (0.3 + 1.4 * u) * (1 + 0.5 * Math.abs(z))));
}

/** e^x, by its Taylor series for the small per-minute moves (plain arithmetic, much faster). */
function expSmall(x: number): number {
  if (x > 0.03 || x < -0.03) return Math.exp(x);
  return 1 + x * (1 + x * (1 / 2 + x * (1 / 6 + x * (1 / 24 + x * (1 / 120)))));
}

/** Where the generated path is pinned: the open of the first minute or the close of the last. */
export interface Anchor {
  at: 'start' | 'end';
  price: number;
}

export interface GeneratedHistory {
  bars: Partial<Record<Period, Bar[]>>;
  /** The last minute's close as a model price (the live walk continues from it). */
  lastClose: number;
  /** End of the last minute: where the live walk takes over. */
  endMs: number;
  /** How many minutes were generated. */
  minutes: number;
}

/** One period's bars being rolled up in integer units (a class: one fixed shape, fast fields). */
class Bucket {
  readonly bars: Bar[] = [];
  time = NaN;
  end = -Infinity;
  o = NaN;
  h = NaN;
  l = NaN;
  c = NaN;
  v = NaN;
  constructor(
    readonly period: Period,
    readonly fromMinute: number,
    private readonly precision: Precision,
  ) {}

  add(t: number, open: number, high: number, low: number, close: number, volume: number) {
    if (t < this.end) {
      if (high > this.h) this.h = high;
      if (low < this.l) this.l = low;
      this.c = close;
      this.v += volume;
      return;
    }
    this.flush();
    this.time = periodStart(this.period, t);
    this.end = nextPeriodStart(this.period, this.time);
    this.o = open;
    this.h = high;
    this.l = low;
    this.c = close;
    this.v = volume;
  }

  flush(): void {
    if (Number.isNaN(this.time)) return;
    const { pricePrecision: pp, amountPrecision: ap } = this.precision;
    this.bars.push({
      time: this.time,
      open: formatUnits(this.o, pp),
      high: formatUnits(this.h, pp),
      low: formatUnits(this.l, pp),
      close: formatUnits(this.c, pp),
      volume: formatUnits(this.v, ap),
    });
  }
}

/**
 * Generates whole minutes up to `toMs` as 1-minute OHLCV directly (no per-second ticks) and rolls
 * them up, in one pass, into each period of `since` from that period's own start time. Random
 * draws are keyed by (seed, symbol, UTC day), so requests sharing the anchor share every minute,
 * and rolling up '1min' bars equals asking for the period. Each hour's activity (`Activity`: the
 * regime of the day, the time of day, the weekday) scales its volume, and its volatility by the
 * square root, so bars differ as a market's do instead of averaging out to the same height.
 */
export function generateHistory(
  m: WalkModel,
  seed: number,
  since: Partial<Record<Period, number>>,
  toMs: number,
  anchor: Anchor,
): GeneratedHistory {
  const starts = PERIODS.filter((p) => since[p] !== undefined).map((period) => ({
    period,
    fromMinute: Math.ceil((since[period] as number) / MINUTE_MS),
  }));
  const m1 = Math.floor(toMs / MINUTE_MS);
  const m0 = Math.min(m1, ...starts.map((s) => s.fromMinute));
  const n = Math.max(0, m1 - m0);
  const sigma = m.sigmaPerSqrtMs * Math.sqrt(MINUTE_MS);
  // How busy each hour is: volume scales with it, volatility with its square root.
  const h0 = Math.floor(m0 / 60);
  const activity = new Activity(seed, m.spec.symbol).hours(
    h0,
    Math.floor(Math.max(m0, m1 - 1) / 60),
  );
  const hourSigma = activity.map((a) => sigma * Math.sqrt(a));
  const steps = new Float64Array(n); // log-price change of each minute
  for (const { rand, first, stop } of days(seed, m.spec.symbol, 'path', m0, m1)) {
    const z = normals(rand);
    for (let minute = first; minute < stop; minute++) {
      const draw = z();
      if (minute >= m0)
        steps[minute - m0] = (hourSigma[Math.floor(minute / 60) - h0] as number) * draw;
    }
  }
  const closes = cumulate(steps, anchor);
  const open0 = n > 0 ? (closes[0] as number) * expSmall(-(steps[0] as number)) : anchor.price;

  const buckets = starts.map((s) => new Bucket(s.period, s.fromMinute, m.spec));
  let openPrice = open0;
  let open = priceUnitsOf(m, open0); // integer price units from here on
  for (const { rand, first, stop } of days(seed, m.spec.symbol, 'shape', m0, m1)) {
    for (let minute = first; minute < stop; minute++) {
      const uHigh = rand();
      const uLow = rand();
      const uVolume = rand();
      if (minute < m0) continue;
      const i = minute - m0;
      const b = steps[i] as number;
      const closePrice = closes[i] as number;
      const hour = Math.floor(minute / 60) - h0;
      const s = hourSigma[hour] as number;
      const twoVar = 2 * s * s;
      // Extremes of a Brownian bridge over the minute, in log terms from the open, by inverting
      // P(max > x) = exp(-2x(x - b) / s²) (and the mirror image for the minimum).
      const up = (b + Math.sqrt(b * b - twoVar * Math.log(1 - uHigh))) / 2;
      const down = (b - Math.sqrt(b * b - twoVar * Math.log(1 - uLow))) / 2;
      const close = priceUnitsOf(m, closePrice);
      const high = Math.max(priceUnitsOf(m, openPrice * expSmall(up)), open, close);
      const low = Math.min(priceUnitsOf(m, openPrice * expSmall(down)), open, close);
      const volume = volumeUnits(m.minuteVolumeUnits * (activity[hour] as number), uVolume, b / s);
      const t = minute * MINUTE_MS;
      for (const k of buckets) {
        if (minute >= k.fromMinute) k.add(t, open, high, low, close, volume);
      }
      open = close;
      openPrice = closePrice;
    }
  }
  for (const k of buckets) k.flush();
  return {
    bars: Object.fromEntries(buckets.map((k) => [k.period, k.bars])),
    lastClose: n > 0 ? (closes[n - 1] as number) : anchor.price,
    endMs: m1 * MINUTE_MS,
    minutes: n,
  };
}

/** Model close prices from the per-minute log steps, pinned at the start or the end. */
function cumulate(steps: Float64Array, anchor: Anchor): Float64Array {
  const n = steps.length;
  const closes = new Float64Array(n);
  let level = anchor.price;
  if (anchor.at === 'end') {
    // Walk back from the end so requests sharing an end share every value bit for bit.
    for (let i = n - 1; i >= 0; i--) {
      closes[i] = level;
      level *= expSmall(-(steps[i] as number));
    }
  } else {
    for (let i = 0; i < n; i++) {
      level *= expSmall(steps[i] as number);
      closes[i] = level;
    }
  }
  return closes;
}

/**
 * The UTC days touching minutes [m0, m1), each with its own generator keyed by (seed, symbol,
 * stream, day) and the minutes to draw for: from the day's first minute, so a day's draws never
 * depend on where the requested range starts.
 */
function* days(seed: number, symbol: string, stream: string, m0: number, m1: number) {
  if (m1 <= m0) return;
  const lastDay = Math.floor((m1 - 1) / MINUTES_PER_DAY);
  for (let day = Math.floor(m0 / MINUTES_PER_DAY); day <= lastDay; day++) {
    const first = day * MINUTES_PER_DAY;
    const rand = mulberry32(hashKey(seed, symbol, stream, day));
    yield { rand, first, stop: Math.min(first + MINUTES_PER_DAY, m1) };
  }
}
