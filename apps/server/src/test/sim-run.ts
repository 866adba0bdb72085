import { sql } from 'drizzle-orm';
import { rowsOf } from '@hx/db';
import { emptyAcks, type Acks } from './sim-acks.ts';
import { drawOperation, fundUser, perform, rng } from './sim-operations.ts';
import { replayJournal, violations, type Replay } from './sim-invariants.ts';
import { openWorld, simUser, type SimUser, type World } from './sim-world.ts';

export interface SimulationOptions {
  seed: number;
  users: number;
  steps: number;
  /** Chance per step of closing the app and opening a new one on the same database. */
  restartChance: number;
  /** Chance per step of running 2–4 operations at once instead of one. */
  burstChance: number;
}

export interface SimulationResult {
  seed: number;
  steps: number;
  restarts: number;
  acknowledged: Record<string, number>;
  /** Expected refusals met, by operation and code. */
  refused: Record<string, number>;
  /** What the server did on its own: contracts closed by reason, options settled, interest paid. */
  outcomes: Record<string, number>;
  /** The journal replayed after the last step (absent when a step failed first). */
  replay?: Replay;
  /** The first step whose invariants failed, with the operations that led there. */
  failure?: { step: number; problems: string[]; log: string[] };
}

/** The seed to run: SIM_SEED when set, otherwise a fresh one (printed by the caller). */
export const seedFromEnv = () =>
  process.env.SIM_SEED ? Number(process.env.SIM_SEED) : Math.floor(Math.random() * 2 ** 31);

async function outcomes(world: World): Promise<Record<string, number>> {
  const rows = rowsOf<{ what: string; n: number }>(
    await world.db.execute(sql`
      select 'contract ' || coalesce(close_reason, status) as what, count(*)::int as n
      from lever_positions group by 1
      union all
      select 'options settled', count(*)::int from option_orders where status = 'settled'
      union all
      select 'spot trades', count(*)::int from spot_trades
      union all
      select 'finance interest days', count(*)::int from finance_interest`),
  );
  return Object.fromEntries(rows.map((r) => [r.what, Number(r.n)]));
}

/** The open spot book of BTCUSDT, to compare across a restart. */
const bookHash = (world: World) => world.app.spot.writers.get('BTCUSDT')?.book.stateHash();

/**
 * One seeded run: users, then a random sequence of operations through the HTTP API with restarts
 * at random points, checking every invariant after every step and replaying the journal at the
 * end. An operation that gets a 5xx or an unexpected refusal fails the run like a broken
 * invariant does.
 */
export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const r = rng(options.seed);
  const world = await openWorld();
  const acks: Acks = emptyAcks();
  const log: string[] = [];
  const result: SimulationResult = {
    seed: options.seed,
    steps: 0,
    restarts: 0,
    acknowledged: {},
    refused: {},
    outcomes: {},
  };
  try {
    const users: SimUser[] = [];
    for (let i = 0; i < options.users; i++) {
      const user = await simUser(world, i);
      await fundUser(world, user, r.amount(3000, 9000, 4), acks);
      users.push(user);
    }
    for (let step = 1; step <= options.steps; step++) {
      result.steps = step;
      const problems: string[] = [];
      try {
        if (r.chance(options.restartChance)) {
          const before = bookHash(world);
          await world.restart();
          log.push(`${step}: restart`);
          if (bookHash(world) !== before) problems.push('the spot book differs after a restart');
        } else {
          const count = r.chance(options.burstChance) ? r.int(2, 4) : 1;
          const jobs = Array.from({ length: count }, () => {
            let op = drawOperation(r);
            // Time moves alone: a day later the operator logs in again, which would pull the
            // session from under a decision running beside it.
            while (count > 1 && op === 'later') op = drawOperation(r);
            const user = r.pick(users);
            // Each job draws from its own generator so the interleaving cannot change the draws.
            return { op, user, r: rng(r.int(0, 2 ** 31)) };
          });
          // Settled, not all: every job has finished before the checks (or the close) run.
          const done = await Promise.allSettled(
            jobs.map((j) => perform(world, j.op, j.user, j.r, acks)),
          );
          const said = done.map((d, i) =>
            d.status === 'fulfilled' ? d.value : `${jobs[i]!.op} threw`,
          );
          log.push(`${step}: ${jobs.map((j, i) => `u${j.user.id} ${said[i]}`).join(' ‖ ')}`);
          for (const d of done) if (d.status === 'rejected') problems.push(String(d.reason));
        }
      } catch (error) {
        problems.push(String(error));
      }
      problems.push(...(await violations(world.db, acks)));
      if (problems.length) {
        result.failure = { step, problems, log: log.slice(-21) };
        break;
      }
    }
    result.outcomes = await outcomes(world);
    if (!result.failure) result.replay = await replayJournal(world.db);
  } finally {
    result.restarts = world.restarts;
    result.acknowledged = {
      deposits: acks.deposits.size,
      withdrawals: acks.withdrawals.size,
      transfers: [...acks.transfers.values()].reduce((a, b) => a + b, 0),
      conversions: acks.conversions.size,
      orders: acks.orders.size,
      cancels: [...acks.orders.values()].filter((o) => o.cancelled).length,
      options: acks.options.size,
      finance: acks.finance.size,
      redemptions: [...acks.finance.values()].filter((o) => o.redeemed).length,
      contracts: acks.contracts.size,
      contract_closes: [...acks.contracts.values()].filter((c) => c.closed).length,
    };
    result.refused = Object.fromEntries(acks.refusals);
    await world.close();
  }
  return result;
}
