/**
 * Contract triggers per price tick: 100,000 open positions on one symbol, each with a stop
 * profit, a stop loss and a liquidation price (300,000 triggers), plus 10,000 waiting limit
 * entries; a random walk of ticks. Measures the in-memory index the runner consults on every
 * recorded tick (tickPrices + fire), and what re-adding the fired positions costs.
 *   node --import tsx bench/triggers/run.ts [positions=100000] [ticks=200000]
 */
import { performance } from 'node:perf_hooks';
import {
  scaled,
  tickPrices,
  TriggerIndex,
} from '../../apps/server/src/modules/lever/trigger-index.ts';

const positions = Number(process.argv[2] ?? 100_000);
const ticks = Number(process.argv[3] ?? 5_000);
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const cents = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

const idx = new TriggerIndex();
let nextId = 1;
function addPosition(price: number): void {
  const id = nextId++;
  const side = rnd() < 0.5 ? 'long' : 'short';
  const up = price * (1 + 0.002 + rnd() * 0.05);
  const down = price * (1 - 0.002 - rnd() * 0.05);
  const liq = side === 'long' ? price * (1 - 0.8 / 20) : price * (1 + 0.8 / 20);
  idx.set(id, 'BTCUSDT', side, {
    stop_profit: scaled(cents(side === 'long' ? up : down)),
    stop_loss: scaled(cents(side === 'long' ? down : up)),
    liquidation: scaled(cents(liq)),
  });
}
function addEntry(price: number): void {
  const side = rnd() < 0.5 ? 'long' : 'short';
  const limit = side === 'long' ? price * (1 - rnd() * 0.05) : price * (1 + rnd() * 0.05);
  idx.set(nextId++, 'BTCUSDT', side, { entry: scaled(cents(limit)) });
}

let price = 65_000;
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
  for (const f of out) (f.kind === 'entry' ? addEntry : addPosition)(price);
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
