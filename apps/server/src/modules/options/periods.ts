import { asc, eq } from 'drizzle-orm';
import { optionPeriods, type Db } from '@hx/db';
import type { OptionPeriod } from '@hx/protocol';
import { Decimal } from '@hx/money';

/**
 * The periods every installation starts with (decisions: 30, 60, 120, 300 seconds). Seeded on
 * start only where missing, so the operator's later edits stay. Rates are what a win adds to the
 * stake; minimums are in USDT.
 */
export const DEFAULT_PERIODS = [
  { seconds: 30, profitRate: '0.8', minAmount: '10', sort: 0 },
  { seconds: 60, profitRate: '0.82', minAmount: '10', sort: 1 },
  { seconds: 120, profitRate: '0.85', minAmount: '50', sort: 2 },
  { seconds: 300, profitRate: '0.88', minAmount: '100', sort: 3 },
];

export async function seedOptionPeriods(db: Db): Promise<void> {
  await db.insert(optionPeriods).values(DEFAULT_PERIODS).onConflictDoNothing();
}

export type PeriodRow = typeof optionPeriods.$inferSelect;

/** Other processes see a console edit within this time (at once with a bus); this one at once. */
const PERIODS_TTL_MS = 5_000;
interface Kept {
  rows: Promise<PeriodRow[]>;
  until: number;
}
const kept = new WeakMap<Db, Kept>();

/** The enabled periods in display order, kept PERIODS_TTL_MS (`forgetPeriods` after an edit). */
export function enabledPeriods(db: Db): Promise<PeriodRow[]> {
  const hit = kept.get(db);
  if (hit && performance.now() < hit.until) return hit.rows;
  const entry: Kept = { rows: loadPeriods(db), until: performance.now() + PERIODS_TTL_MS };
  kept.set(db, entry);
  entry.rows.catch(() => {
    if (kept.get(db) === entry) kept.delete(db); // a failed read is not kept
  });
  return entry.rows;
}

/** After an edit of the table: the next read loads it (a load already under way is dropped). */
export function forgetPeriods(db: Db): void {
  kept.delete(db);
}

const loadPeriods = async (db: Db): Promise<PeriodRow[]> =>
  db
    .select()
    .from(optionPeriods)
    .where(eq(optionPeriods.enabled, true))
    .orderBy(asc(optionPeriods.sort), asc(optionPeriods.seconds));

export const periodView = (p: PeriodRow): OptionPeriod => ({
  seconds: p.seconds,
  profit_rate: new Decimal(p.profitRate).toFixed(),
  min_amount: new Decimal(p.minAmount).toFixed(),
});

/** Published on the bus after a console edit: every process reads the table anew. */
export const PERIODS_SUBJECT = 'hx.options.periods';
