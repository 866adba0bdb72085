import type { PairSpec, Side } from '@hx/engine';
import { hashKey, mulberry32, normal } from '@hx/market';
import { Decimal } from '@hx/money';

export interface LadderOptions {
  /** Levels per side. */
  levels: number;
  /** Distance between grid lines, in basis points of the reference price. */
  spacingBps: number;
  /** Typical value of the first level in quote; deeper levels are larger on average. */
  notional: string;
  /** Seed of the sizes and gaps: the same seed and price give the same book. */
  seed: number;
}

/** Average growth of a level's value per grid line away from the touch. */
const GROWTH = 0.35;
/** Chance that a grid line beyond the first has no order (the ladder reaches further instead). */
const GAP_CHANCE = 0.18;
/** Chance that a level is a wall: WALL times its size. */
const WALL_CHANCE = 0.1;
const WALL = 3;
/** Spreads (log) of the neighbourhood's size, of each level's own, and of the side's lean. */
const CLUSTER_SIGMA = 0.5;
const JITTER_SIGMA = 0.35;
const TILT_SIGMA = 0.3;
/** Grid lines between the knots of the neighbourhood's size; lines per lean of the sides. */
const KNOT_EVERY = 4;
const TILT_EVERY = 16;
/** Brings the mean of the factors above back to about 1. */
const NORMALISE =
  Math.exp((CLUSTER_SIGMA * CLUSTER_SIGMA) / 2) * (1 + WALL_CHANCE * (WALL - 1)) * 1.02;

/**
 * The book the demo market maker wants around `reference`: `side:price` → amount (engine units).
 * Levels sit on a grid of `spacingBps` and are keyed by their grid line, not their rank, so a
 * price keeps its size while the ladder moves past it and only the levels that changed are
 * placed again. Sizes are uneven as in a market, and deterministic from the seed: a size common
 * to neighbouring lines (clusters), each level's own, now and then a wall, some lines left empty,
 * and one side leaning heavier than the other; values grow with the distance from the touch, and
 * amounts are rounded to two significant digits as people do.
 */
export function ladder(
  symbol: string,
  spec: PairSpec,
  reference: string,
  options: LadderOptions,
): Map<string, bigint> {
  const { priceScale, tick, step, amountScale } = spec;
  const ref = new Decimal(reference);
  const refTicks = BigInt(ref.times(new Decimal(10).pow(priceScale)).floor().toFixed()) / tick;
  // The grid's width in ticks, to two significant digits: it stays the same while the price
  // moves a little, so the book moves line by line instead of being placed anew.
  const grid = BigInt(
    Decimal.max(
      1,
      ref
        .times(options.spacingBps)
        .div(10_000)
        .times(new Decimal(10).pow(priceScale))
        .div(tick.toString())
        .toSignificantDigits(2)
        .round(),
    ).toFixed(),
  );
  const line = refTicks / grid; // the grid line at or below the reference
  const levelPrice = (units: bigint) => new Decimal(units.toString()).div(10 ** priceScale);
  const draw = (...key: (string | number)[]) => mulberry32(hashKey(options.seed, symbol, ...key));
  const gauss = (...key: (string | number)[]) => normal(draw(...key));
  const tilt = Math.exp(TILT_SIGMA * gauss('tilt', Math.floor(Number(line) / TILT_EVERY)));
  const knot = (side: Side, k: number) => Math.exp(CLUSTER_SIGMA * gauss(side, 'knot', k));

  const wanted = new Map<string, bigint>();
  for (const side of ['buy', 'sell'] as const) {
    let placed = 0;
    for (let d = 0; placed < options.levels && d < options.levels * 3; d++) {
      const g = side === 'buy' ? line - BigInt(d) : line + BigInt(d + 1);
      const price = g * grid * tick;
      if (price <= 0n) break;
      const n = Number(g);
      const level = draw(side, 'level', n);
      if (d > 0 && level() < GAP_CHANCE) continue;
      const k = Math.floor(n / KNOT_EVERY);
      const f = (n - k * KNOT_EVERY) / KNOT_EVERY;
      const cluster = knot(side, k) * (1 - f) + knot(side, k + 1) * f;
      const jitter = Math.exp(JITTER_SIGMA * normal(level) - (JITTER_SIGMA * JITTER_SIGMA) / 2);
      const wall = level() < WALL_CHANCE ? WALL : 1;
      const lean = side === 'buy' ? tilt : 1 / tilt;
      const value = new Decimal(options.notional)
        .times(1 + d * GROWTH)
        .times((cluster * jitter * wall * lean) / NORMALISE);
      const base = value.div(levelPrice(price)).toSignificantDigits(2, Decimal.ROUND_DOWN);
      const units = BigInt(base.times(new Decimal(10).pow(amountScale)).floor().toFixed());
      const amount = units - (units % step);
      wanted.set(`${side}:${price}`, amount > step ? amount : step);
      placed++;
    }
  }
  return wanted;
}
