/**
 * Contract triggers per price tick: 100,000 open positions on one symbol, each with a stop
 * profit, a stop loss and a liquidation price (300,000 triggers), plus 10,000 waiting limit
 * entries; a random walk of ticks. Measures the in-memory index the runner consults on every
 * recorded tick (tickPrices + fire), and what re-adding the fired positions costs. Then the same
 * with a trailing stop on every position (half in price, half in percent; each set at the price
 * of its time, so their peaks differ), including a rising market where every tick is a new high
 * and moves every long's stop.
 *   node --import tsx bench/triggers/run.ts [positions=100000] [ticks=5000]
 */
import { performance } from 'node:perf_hooks';
import {
  scaled,
  tickPrices,
  TriggerIndex,
  type Triggers,
} from '../../apps/server/src/modules/lever/trigger-index.ts';

const positions = Number(process.argv[2] ?? 100_000);
const ticks = Number(process.argv[3] ?? 5_000);
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const cents = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

let idx = new TriggerIndex();
let nextId = 1;
let trailing = false;
function addPosition(price: number): void {
  const id = nextId++;
  const side = rnd() < 0.5 ? 'long' : 'short';
  const up = price * (1 + 0.002 + rnd() * 0.05);
  const down = price * (1 - 0.002 - rnd() * 0.05);
  const liq = side === 'long' ? price * (1 - 0.8 / 20) : price * (1 + 0.8 / 20);
  const triggers: Triggers = {
    stop_profit: scaled(cents(side === 'long' ? up : down)),
    stop_loss: scaled(cents(side === 'long' ? down : up)),
    liquidation: scaled(cents(liq)),
  };
  if (trailing) {
    const warn = side === 'long' ? price * (1 - 0.64 / 20) : price * (1 + 0.64 / 20);
    triggers.warning = { price: scaled(cents(warn)), rearm: scaled(cents(price)), warned: false };
    triggers.trailing =
      rnd() < 0.5
        ? {
            unit: 'price',
            distance: scaled(cents(price * (0.002 + rnd() * 0.03))),
            peak: scaled(cents(price)),
          }
        : {
            unit: 'percent',
            distance: scaled((0.2 + rnd() * 3).toFixed(2)),
            peak: scaled(cents(price)),
          };
  }
  idx.set(id, 'BTCUSDT', side, triggers);
}
function addEntry(price: number): void {
  const side = rnd() < 0.5 ? 'long' : 'short';
  const limit = side === 'long' ? price * (1 - rnd() * 0.05) : price * (1 + rnd() * 0.05);
  idx.set(nextId++, 'BTCUSDT', side, { entry: scaled(cents(limit)) });
}

let price = 65_000;

function measure(label: string, withTrailing: boolean): void {
  idx = new TriggerIndex();
  trailing = withTrailing;
  console.log(`\n== ${label}`);
  let t0 = performance.now();
  for (let i = 0; i < positions; i++) addPosition(price);
  for (let i = 0; i < positions / 10; i++) addEntry(price);
  const buildMs = performance.now() - t0;
  console.log(
    `positions ${positions} (+${positions / 10} limit entries): index loaded one by one in ${buildMs.toFixed(0)} ms`,
  );

  // Quiet ticks: the price wiggles inside every stop, nothing fires.
  const quiet = 100_000;
  t0 = performance.now();
  for (let i = 0; i < quiet; i++) {
    const p = cents(price * (1 + (rnd() - 0.5) * 0.0004));
    idx.fire('BTCUSDT', tickPrices(p, '0.0001', 2));
  }
  const quietUs = ((performance.now() - t0) * 1000) / quiet;
  console.log(`quiet ticks: ${quietUs.toFixed(2)} µs per tick (${quiet} ticks, nothing fired)`);

  // A random walk: fired positions are replaced at the current price, so the index stays full.
  let fired = 0;
  let fireUs = 0;
  let readdUs = 0;
  for (let i = 0; i < ticks; i++) {
    price *= 1 + (rnd() - 0.5) * 0.002;
    const p = cents(price);
    let s = performance.now();
    const out = idx.fire('BTCUSDT', tickPrices(p, '0.0001', 2));
    fireUs += (performance.now() - s) * 1000;
    fired += out.length;
    s = performance.now();
    for (const f of out) {
      if (f.kind === 'warning' || f.kind === 'rearm') continue; // the position stays
      (f.kind === 'entry' ? addEntry : addPosition)(price);
    }
    readdUs += (performance.now() - s) * 1000;
  }

  const mem = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(`heap ${mem.toFixed(0)} MiB`);
  console.log(
    `random walk: ${(fireUs / ticks).toFixed(2)} µs per tick to find and remove what fired; ` +
      `${fired} fired over ${ticks} ticks (${(fired / ticks).toFixed(2)} per tick, ${(fireUs / Math.max(fired, 1)).toFixed(2)} µs per fired incl. the tick); ` +
      `re-adding them ${(readdUs / Math.max(fired, 1)).toFixed(2)} µs each`,
  );
  console.log(`final open ${idx.size}, price ${cents(price)}`);
}

/**
 * A rising market: `n` long trailing stops set at peaks up to 1% apart, then 2,000 ticks each a
 * new high, so every stop moves on every tick (and none is reached). The first tick melds every
 * group of equal peak; the later ones move one group each.
 */
function rising(n: number): void {
  const book = new TriggerIndex();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    symbol: 'BTCUSDT',
    side: 'long' as const,
    triggers: {
      trailing: {
        unit: (i % 2 ? 'price' : 'percent') as 'price' | 'percent',
        distance: i % 2 ? scaled(cents(100 + rnd() * 2000)) : scaled((0.3 + rnd() * 3).toFixed(2)),
        peak: scaled(cents(65_000 * (1 + rnd() * 0.01))),
      },
    },
  }));
  let t0 = performance.now();
  book.load(rows);
  const loadMs = performance.now() - t0;
  let high = 65_000 * 1.011;
  t0 = performance.now();
  book.fire('BTCUSDT', tickPrices(cents(high), '0', 2));
  const firstUs = (performance.now() - t0) * 1000;
  const count = 2000;
  let moves = 0;
  let fired = 0;
  t0 = performance.now();
  for (let i = 0; i < count; i++) {
    high *= 1.0001;
    fired += book.fire('BTCUSDT', tickPrices(cents(high), '0', 2), () => moves++).length;
  }
  const us = ((performance.now() - t0) * 1000) / count;
  console.log(
    `rising market, ${n} long trailing stops: loaded in ${loadMs.toFixed(0)} ms; the first new ` +
      `high moves them all (${n} peaks) in ${firstUs.toFixed(0)} µs; then ${us.toFixed(2)} µs per ` +
      `tick, each moving all ${n} (${moves} moves over ${count} ticks, ${fired} fired)`,
  );
}

measure('stops, limit entries and liquidations', false);
measure('the same, each position also with a trailing stop and a liquidation warning', true);
for (const n of [positions / 10, positions]) rising(n);
