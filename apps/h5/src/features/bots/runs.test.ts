import { describe, expect, it } from 'vitest';
import { awaitingRun, botTotals, runState, skipCode, type Bot, type BotRun } from './runs.ts';

const run = (over: Partial<BotRun>): BotRun => ({
  period: 0,
  at: 1_000,
  status: 'bought',
  reason: null,
  order_id: 1,
  price: '50000',
  amount: '0.0002',
  spent: '10',
  ...over,
});
const skipped = (reason: string | null, period = 0) =>
  run({
    period,
    status: 'skipped',
    reason,
    order_id: null,
    price: null,
    amount: null,
    spent: null,
  });

const bot = (over: Partial<Bot>): Bot => ({
  id: 1,
  kind: 'recurring',
  symbol: 'BTCUSDT',
  status: 'running',
  amount: '10',
  every: 'day',
  max_price: null,
  time_zone: 'UTC',
  at: null,
  next_run_at: 10_000,
  orders: [],
  profit: null,
  arbitrages: 0,
  runs: [],
  created_at: 0,
  ...over,
});

describe('runState and skipCode', () => {
  it('reads a run as bought, skipped with its reason, or still being bought', () => {
    expect(runState(run({}))).toBe('bought');
    expect(runState(skipped('INSUFFICIENT_BALANCE'))).toBe('skipped');
    expect(runState(skipped('BOT_RUNNING'))).toBe('buying');
    expect(skipCode(skipped('INSUFFICIENT_BALANCE'))).toBe('INSUFFICIENT_BALANCE');
  });

  it('has no reason to translate for a purchase, a run under way, or a reason it does not know', () => {
    expect(skipCode(run({}))).toBeNull();
    expect(skipCode(skipped('BOT_RUNNING'))).toBeNull();
    expect(skipCode(skipped('SOMETHING_NEW'))).toBeNull();
    expect(skipCode(skipped(null))).toBeNull();
  });
});

describe('awaitingRun', () => {
  it('asks again while the next run is due (just started) or under way', () => {
    expect(awaitingRun(bot({ next_run_at: 10_000 }), 10_000)).toBe(true);
    expect(awaitingRun(bot({ next_run_at: 10_000, runs: [skipped('BOT_RUNNING')] }), 0)).toBe(true);
  });

  it('waits quietly for a run a period away, and for a stopped bot or none', () => {
    expect(awaitingRun(bot({ next_run_at: 10_000 }), 9_999)).toBe(false);
    expect(awaitingRun(bot({ status: 'stopped', next_run_at: null }), 10_000)).toBe(false);
    expect(awaitingRun(undefined, 10_000)).toBe(false);
  });
});

describe('botTotals', () => {
  it('adds up the purchases only, exactly, with the average cost', () => {
    const totals = botTotals([
      run({ period: 2, price: '40000', amount: '0.00025', spent: '10' }),
      skipped('BOT_ABOVE_MAX_PRICE', 1),
      run({ period: 0, price: '50000', amount: '0.0002', spent: '10' }),
    ]);
    expect(totals).toMatchObject({ bought: 2, spent: '20', amount: '0.00045' });
    // 20 / 0.00045 = 44444.44…: kept exact for the page to floor to the pair's decimals.
    expect(totals.average?.startsWith('44444.4444')).toBe(true);
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(botTotals([run({ spent: '0.1' }), run({ spent: '0.2' })]).spent).toBe('0.3');
  });

  it('has no average before anything was bought', () => {
    expect(botTotals([skipped('INSUFFICIENT_BALANCE')])).toEqual({
      bought: 0,
      spent: '0',
      amount: '0',
      average: null,
    });
  });
});
