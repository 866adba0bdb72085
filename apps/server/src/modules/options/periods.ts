import { asc, eq } from 'drizzle-orm';
import { optionPeriods, type Db } from '@hx/db';
import type { OptionPeriod } from '@hx/protocol';
import { Decimal } from '@hx/money';
import { keptRead } from '../../lib/kept.ts';

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

const periods = keptRead((db) =>
  db
    .select()
    .from(optionPeriods)
    .where(eq(optionPeriods.enabled, true))
    .orderBy(asc(optionPeriods.sort), asc(optionPeriods.seconds)),
);

/** The enabled periods in display order, kept a few seconds (`forgetPeriods` after an edit). */
export const enabledPeriods = (db: Db): Promise<PeriodRow[]> => periods.get(db);

/** After an edit of the table: the next read loads it. */
export const forgetPeriods = (db: Db): void => periods.forget(db);

export const periodView = (p: PeriodRow): OptionPeriod => ({
  seconds: p.seconds,
  profit_rate: new Decimal(p.profitRate).toFixed(),
  min_amount: new Decimal(p.minAmount).toFixed(),
});

/** Published on the bus after a console edit: every process reads the table anew. */
export const PERIODS_SUBJECT = 'hx.options.periods';
