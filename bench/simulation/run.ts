// The ledger simulation of apps/server/src/test/simulation.test.ts at 100× its size: many seeds,
// many steps each (deposits, withdrawals, transfers, conversions, spot orders, options, finance,
// contracts, time passing and restarts through the HTTP API), every invariant checked after every
// step and the journal replayed at the end. Prints each seed and its result; exits 1 when any
// seed fails.
// Runs on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL too.
// Run: npm run bench:simulation -- [seeds=10] [steps=800]   (SIM_SEED=<n> sets the first seed)
import {
  seedFromEnv,
  simulate,
  type SimulationResult,
} from '../../apps/server/src/test/sim-run.ts';

const [seedsArg = '10', stepsArg = '800'] = process.argv.slice(2);
const seeds = Number(seedsArg);
const steps = Number(stepsArg);
const first = seedFromEnv();

const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const failed: { engine: string; result: SimulationResult }[] = [];
let total = 0;
for (const engine of engines) {
  process.env.HX_TEST_DB = engine === 'postgres' ? 'postgres' : '';
  for (let i = 0; i < seeds; i++) {
    const seed = first + i;
    const started = performance.now();
    const result = await simulate({ seed, users: 8, steps, restartChance: 0.02, burstChance: 0.3 });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    total += result.steps;
    const replayed = result.replay && result.replay.problems.length === 0;
    const verdict = result.failure ? 'FAILED' : replayed ? 'ok' : 'REPLAY FAILED';
    console.log(
      `${engine} seed ${seed}: ${verdict} — ${result.steps} steps, ${result.restarts} restarts, ${seconds} s, ${result.replay?.entries ?? 0} entries replayed, acknowledged ${JSON.stringify(result.acknowledged)}, outcomes ${JSON.stringify(result.outcomes)}`,
    );
    if (verdict !== 'ok') {
      failed.push({ engine, result });
      console.log(JSON.stringify(result.failure ?? result.replay, null, 2));
    }
  }
}

console.log(
  `\n${total} steps over ${seeds} seeds (${first}…${first + seeds - 1}) on ${engines.join(' and ')}: ${
    failed.length
      ? `${failed.length} FAILED: ${failed.map((f) => `${f.engine} seed ${f.result.seed}`).join(', ')}`
      : 'the books were right after every step'
  }`,
);
process.exit(failed.length ? 1 : 0);
