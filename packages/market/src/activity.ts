import { hashKey, mulberry32, normal } from './random.ts';

const HOUR_MS = 3_600_000;
const HOURS_PER_DAY = 24;

/**
 * Relative activity by UTC hour: quiet in the Asian night, busiest while Europe and America
 * overlap (13:00–17:00 UTC). Scaled to a mean of 1 below.
 */
const HOURLY = [
  0.95, 0.9, 0.8, 0.7, 0.62, 0.6, 0.66, 0.78, 0.92, 1.0, 1.0, 1.0, 1.06, 1.22, 1.42, 1.52, 1.45,
  1.3, 1.14, 1.04, 1.0, 0.97, 0.96, 0.96,
];
const HOURLY_MEAN = HOURLY.reduce((a, b) => a + b, 0) / HOURS_PER_DAY;
const PROFILE = HOURLY.map((x) => x / HOURLY_MEAN);

/** Weekends are quieter; weekdays a little busier, so a week averages 1. */
const WEEKEND = 0.75;
const WEEKDAY = (7 - 2 * WEEKEND) / 5;

/** Spread (log) of the daily regime and of the hour's own noise. */
const REGIME_SIGMA = 0.35;
const HOUR_SIGMA = 0.3;
/** The regime is a moving average of this many daily draws, weighted by DECAY^age. */
const REGIME_DAYS = 7;
const DECAY = 0.75;
const WEIGHTS = (() => {
  const raw = Array.from({ length: REGIME_DAYS }, (_, k) => DECAY ** k);
  const norm = Math.sqrt(raw.reduce((a, w) => a + w * w, 0));
  return raw.map((w) => w / norm); // unit variance: the regime's log is N(0, 1) × REGIME_SIGMA
})();

/** A lognormal factor of mean 1 from a standard normal draw. */
const meanOne = (z: number, sigma: number) => Math.exp(sigma * z - (sigma * sigma) / 2);

/**
 * How busy a simulated symbol is in a given hour, as a multiplier of its typical volume (mean
 * about 1 over time); the walk's volatility scales with its square root, so busy hours also move
 * more and the annual volatility stays as the catalogue says. Deterministic from (seed, symbol,
 * hour), and any hour is computed on its own (no state carried from earlier hours), so history
 * and the live walk agree wherever they start. It is the product of:
 * - a daily regime, a moving average of a week of daily draws: busy and quiet spells last days;
 * - the time of day (UTC) and the day of the week;
 * - the hour's own noise.
 */
export class Activity {
  private readonly days = new Map<number, number>();
  private readonly dayDraws = new Map<number, number>();
  private last = { hour: NaN, value: 1 };

  constructor(
    private readonly seed: number,
    private readonly symbol: string,
  ) {}

  /** The multiplier of the hour containing `timeMs`. */
  at(timeMs: number): number {
    const hour = Math.floor(timeMs / HOUR_MS);
    if (hour !== this.last.hour) this.last = { hour, value: this.hour(hour) };
    return this.last.value;
  }

  /** The multiplier of hour `hour` (hours since the epoch, UTC). */
  hour(hour: number): number {
    const day = Math.floor(hour / HOURS_PER_DAY);
    const hourOfDay = hour - day * HOURS_PER_DAY;
    const noise = normal(mulberry32(hashKey(this.seed, this.symbol, 'activity-hour', hour)));
    return this.dayFactor(day) * (PROFILE[hourOfDay] as number) * meanOne(noise, HOUR_SIGMA);
  }

  /** The multipliers of the hours [fromHour, toHour], in order. */
  hours(fromHour: number, toHour: number): Float64Array {
    const out = new Float64Array(Math.max(0, toHour - fromHour + 1));
    for (let i = 0; i < out.length; i++) out[i] = this.hour(fromHour + i);
    return out;
  }

  /** Regime and weekday of a UTC day (days since the epoch; day 0 was a Thursday). */
  private dayFactor(day: number): number {
    const known = this.days.get(day);
    if (known !== undefined) return known;
    let x = 0;
    for (let k = 0; k < REGIME_DAYS; k++) x += (WEIGHTS[k] as number) * this.draw(day - k);
    const weekday = (((day + 4) % 7) + 7) % 7; // 0 Sunday … 6 Saturday
    const factor = meanOne(x, REGIME_SIGMA) * (weekday === 0 || weekday === 6 ? WEEKEND : WEEKDAY);
    if (this.days.size > 4096) this.days.clear(); // a long-running live walk stays small
    this.days.set(day, factor);
    return factor;
  }

  private draw(day: number): number {
    let z = this.dayDraws.get(day);
    if (z === undefined) {
      z = normal(mulberry32(hashKey(this.seed, this.symbol, 'activity-day', day)));
      if (this.dayDraws.size > 4096) this.dayDraws.clear();
      this.dayDraws.set(day, z);
    }
    return z;
  }
}
