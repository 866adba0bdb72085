import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { replayJournal, violations } from './sim-invariants.ts';
import { emptyAcks } from './sim-acks.ts';
import { fundUser } from './sim-operations.ts';
import { seedFromEnv, simulate, type SimulationResult } from './sim-run.ts';
import { openWorld, simUser } from './sim-world.ts';

/**
 * The books are right, whatever users and operators do and whenever the server restarts: a seeded
 * random run of deposits, withdrawals, transfers, conversions, spot orders, options, finance and
 * contracts through the HTTP API (time passing, prices moving, restarts), checking after every
 * step that the ledger balances, nobody is below zero, every frozen amount is an open reservation
 * and every acknowledged operation is still there; then the journal replayed from nothing gives
 * every stored balance. A failure prints its seed: rerun it with
 * SIM_SEED=<seed> npx vitest run apps/server/src/test/simulation.test.ts
 */
describe('ledger simulation', () => {
  const seed = seedFromEnv();
  const replayHint = `seed ${seed} (SIM_SEED=${seed} to replay)`;
  let result: SimulationResult;
  beforeAll(async () => {
    result = await simulate({
      seed,
      users: 4,
      steps: Number(process.env.SIM_STEPS ?? 80),
      restartChance: 0.06,
      burstChance: 0.25,
    });
    console.log(
      `simulation seed ${seed}: ${result.steps} steps, ${result.restarts} restarts, acknowledged ${JSON.stringify(result.acknowledged)}, refused ${JSON.stringify(result.refused)}, outcomes ${JSON.stringify(result.outcomes)}`,
    );
  }, 120_000);

  it('keeps the books right after every step, through random operations and restarts', () => {
    expect(result.failure, replayHint).toBeUndefined();
    // The run did real work: money came in, and orders were placed and survived restarts.
    expect(result.acknowledged.deposits).toBeGreaterThan(0);
    expect(result.acknowledged.orders).toBeGreaterThan(0);
  });

  it('rebuilds every stored balance, available and frozen, by replaying the journal', () => {
    expect(result.replay, replayHint).toBeDefined();
    expect(result.replay!.problems, replayHint).toEqual([]);
    expect(result.replay!.entries).toBeGreaterThan(result.steps / 2);
  });

  it('notices a balance that moved without a posting, and an acknowledged transfer that is gone', async () => {
    const world = await openWorld();
    try {
      const acks = emptyAcks();
      const user = await simUser(world, 0);
      await fundUser(world, user, '5000', acks);
      expect(await violations(world.db, acks)).toEqual([]);
      expect((await replayJournal(world.db)).problems).toEqual([]);

      await world.db.execute(sql`update ledger_accounts set frozen = frozen + 1
        where user_id = ${user.id} and name = 'currency' and coin_id = 3`);
      acks.transfers.set(user.id, acks.transfers.get(user.id)! + 1);
      const found = await violations(world.db, acks);
      expect(found.some((v) => v.startsWith('ledger unbalanced'))).toBe(true);
      expect(found.some((v) => v.startsWith('frozen ≠ open reservations'))).toBe(true);
      expect(found.some((v) => v.includes('4 transfers acknowledged, 3 stored'))).toBe(true);
      expect((await replayJournal(world.db)).problems).toHaveLength(1);
    } finally {
      await world.close();
    }
  });
});
