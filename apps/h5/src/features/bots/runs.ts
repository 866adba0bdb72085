import { isErrorCode, type BotView, type ErrorCode } from '@hx/protocol';
import { Decimal } from '@hx/money';

export type Bot = BotView;
export type BotRun = Bot['runs'][number];

/** The reason a run carries while the job is still buying for it (the row claims the period). */
const IN_PROGRESS = 'BOT_RUNNING';

/** What a run came to as the user reads it: bought, skipped, or still being bought. */
export type RunState = 'bought' | 'skipped' | 'buying';

export function runState(run: BotRun): RunState {
  if (run.status === 'bought') return 'bought';
  return run.reason === IN_PROGRESS ? 'buying' : 'skipped';
}

/** A skipped run's reason as a code of the catalogue (translated by the app), else null. */
export function skipCode(run: BotRun): ErrorCode | null {
  if (runState(run) !== 'skipped' || run.reason === null) return null;
  return isErrorCode(run.reason) ? run.reason : null;
}

/**
 * Whether the bot's next run is due or under way at `now`: the job (every 30 s on the server)
 * is about to record it, so a page showing the bot asks again soon instead of waiting a period.
 */
export function awaitingRun(bot: Bot | undefined, now: number): boolean {
  if (!bot || bot.status !== 'running') return false;
  if (bot.runs.some((run) => runState(run) === 'buying')) return true;
  return bot.next_run_at !== null && bot.next_run_at <= now;
}

export interface BotTotals {
  /** Runs that bought. */
  bought: number;
  /** Quote coin spent over them. */
  spent: string;
  /** Base coin bought over them. */
  amount: string;
  /** Spent ÷ bought: the average cost, null before anything was bought. */
  average: string | null;
}

/** What the bot's purchases add up to, in decimal arithmetic (never floats). */
export function botTotals(runs: readonly BotRun[]): BotTotals {
  let spent = new Decimal(0);
  let amount = new Decimal(0);
  let bought = 0;
  for (const run of runs) {
    if (runState(run) !== 'bought') continue;
    bought += 1;
    spent = spent.plus(run.spent ?? 0);
    amount = amount.plus(run.amount ?? 0);
  }
  return {
    bought,
    spent: spent.toFixed(),
    amount: amount.toFixed(),
    average: amount.isZero() ? null : spent.div(amount).toFixed(),
  };
}
