// Operations per second and per-operation latency of the fast book, the reference book and the
// nodejs-order-book package on one generated exchange-core-like stream (see stream.ts), then a
// deep book. Run: npm run bench:engine -- [operations=500000] [seed=1] [rounds=5]
// Not part of the test run.
import os from 'node:os';
import { nodejsOrderBook, ours, type Contestant } from './books.ts';
import { generateStream, opKinds, type Op, type OpKind } from './stream.ts';

const count = Number(process.argv[2] ?? 500_000);
const seed = Number(process.argv[3] ?? 1);
const rounds = Number(process.argv[4] ?? 5);

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}%`;

/**
 * Throughput: each book runs one warm-up round, then the books take turns, round by round (the
 * machine is shared: turns spread a change of load over all of them), each round on a fresh book
 * with the setup applied untimed and the whole stream timed with performance.now(). The
 * reference book, ~30× slower, runs at most 2 rounds. Best and median ops/s per book.
 */
function throughput(list: [Contestant, number][], n: number) {
  const seconds = list.map(() => [] as number[]);
  const books = list.map(([c]) => {
    const book = c.prepare();
    c.run(book, 0, n);
    return book;
  });
  for (let r = 0; r < Math.max(...list.map(([, times]) => times)); r++) {
    list.forEach(([c, times], i) => {
      if (r >= times) return;
      const book = c.prepare();
      const start = performance.now();
      c.run(book, 0, n);
      seconds[i]!.push((performance.now() - start) / 1000);
      books[i] = book;
    });
  }
  return seconds.map((s, i) => {
    s.sort((a, b) => a - b);
    return { best: n / s[0]!, median: n / s[Math.floor(s.length / 2)]!, book: books[i] };
  });
}

/**
 * Latency: a separate pass on a fresh (warm) book, process.hrtime.bigint() read before and after
 * every operation. The two timer reads and the call add a fixed cost that is measured on an
 * empty operation and reported, not subtracted. GC pauses land in the tail, as in real use.
 */
function latency<B>(c: Contestant<B>, ops: Op[]) {
  const book = c.prepare();
  const ns = new Float64Array(ops.length);
  for (let i = 0; i < ops.length; i++) {
    const t0 = process.hrtime.bigint();
    c.run(book, i, i + 1);
    ns[i] = Number(process.hrtime.bigint() - t0);
  }
  const byKind = new Map<OpKind, number[]>(opKinds.map((k) => [k, []]));
  ops.forEach((op, i) => byKind.get(op.kind)!.push(ns[i]!));
  return { all: quantiles([...ns]), byKind, book };
}

function quantiles(values: number[]) {
  const v = Float64Array.from(values).sort();
  const q = (p: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(p * v.length))]! : NaN);
  return { p50: q(0.5), p99: q(0.99), p999: q(0.999), max: v.length ? v[v.length - 1]! : NaN };
}

function timerCost(): number {
  const ns = new Float64Array(200_000);
  const noop = (_from: number, _to: number) => {};
  for (let i = 0; i < ns.length; i++) {
    const t0 = process.hrtime.bigint();
    noop(i, i + 1);
    ns[i] = Number(process.hrtime.bigint() - t0);
  }
  return quantiles([...ns]).p50;
}

const us = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;

console.log(
  `${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// 1. The exchange-core-like stream.
let t = performance.now();
const stream = generateStream(count, seed);
const mix = new Map<OpKind, number>(opKinds.map((k) => [k, 0]));
for (const op of stream.ops) mix.set(op.kind, mix.get(op.kind)! + 1);
console.log(
  `\nstream: ${fmt(count)} operations after ${fmt(stream.setup.length)} setup orders, seed ${seed}` +
    ` (generated in ${((performance.now() - t) / 1000).toFixed(1)} s)\n  mix: ` +
    opKinds.map((k) => `${k} ${pct(mix.get(k)!, count)}`).join(', ') +
    `; ${pct(stream.trading, count)} of operations trade; at the end ${fmt(stream.orders)}` +
    ` orders on ${fmt(stream.levels)} price levels`,
);

const contestants = [
  ours('fast', stream.setup, stream.ops),
  ours('reference', stream.setup, stream.ops),
  nodejsOrderBook(stream.setup, stream.ops),
] as Contestant[];
const timer = timerCost();
const results: { name: string; best: number; median: number }[] = [];
const depths: string[][] = [];
const hashes: string[] = [];
console.log(
  `\n${'book'.padEnd(18)} ${'best ops/s'.padStart(11)} ${'median'.padStart(11)}   ` +
    `${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'p99.9'.padStart(8)} ${'max'.padStart(10)}`,
);
t = performance.now();
const runs = throughput(
  contestants.map((c) => [c, c.name === 'reference book' ? Math.min(rounds, 2) : rounds]),
  stream.ops.length,
);
console.log(`(throughput rounds took ${((performance.now() - t) / 1000).toFixed(0)} s)`);
for (const [i, c] of contestants.entries()) {
  const { best, median, book } = runs[i]!;
  const lat = latency(c, stream.ops);
  const a = lat.all;
  console.log(
    `${c.name.padEnd(18)} ${fmt(best).padStart(11)} ${fmt(median).padStart(11)}   ` +
      `${us(a.p50).padStart(8)} ${us(a.p99).padStart(8)} ${us(a.p999).padStart(8)} ${us(a.max).padStart(10)}`,
  );
  console.log(
    '  p50/p99 by kind: ' +
      opKinds
        .map((k) => {
          const q = quantiles(lat.byKind.get(k)!);
          return `${k} ${us(q.p50)}/${us(q.p99)}`;
        })
        .join(', '),
  );
  results.push({ name: c.name, best, median });
  const d = c.depth(book);
  const dl = c.depth(lat.book);
  if (d.join('\n') !== dl.join('\n')) throw new Error(`${c.name}: rounds ended differently`);
  depths.push(d);
  if (c.hash) hashes.push(c.hash(book), c.hash(lat.book));
}
console.log(`  (each latency includes ~${Math.round(timer)} ns of timer reads and call)`);

// Every book must end where the generator's book ended.
if (hashes.some((h) => h !== stream.hash)) {
  throw new Error(`state hashes differ: generated ${stream.hash}, got ${hashes.join(' ')}`);
}
if (depths.some((d) => d.join('\n') !== depths[0]!.join('\n'))) {
  throw new Error('nodejs-order-book ended with other price levels than our books');
}
const [fast, , other] = results;
console.log(
  `checked: fast and reference end with state hash ${stream.hash}; nodejs-order-book ends with ` +
    `the same ${depths[0]!.length} price levels and totals.\n` +
    `fast / nodejs-order-book: ${(fast!.best / other!.best).toFixed(2)}× (best), ` +
    `${(fast!.median / other!.median).toFixed(2)}× (median)`,
);

// 2. A deep book: 20,000 resting orders over 2,000 prices, then 20,000 cancels in scattered
//    order, each followed by a crossing limit order that walks into the book (40,000 operations).
const deepSetup: Op[] = [];
for (let i = 0; i < 20_000; i++) {
  const side = i % 2 === 0 ? 'buy' : 'sell';
  const ticks = side === 'buy' ? 20_000 - (i % 1_000) - 1 : 20_001 + (i % 1_000);
  const price = BigInt(ticks) * 5n;
  deepSetup.push({ kind: 'gtc', id: i + 1, user: 1 + (i % 50), side, price, amount: 10_000n });
}
const deep: Op[] = [];
for (let i = 0; i < 20_000; i++) {
  deep.push({ kind: 'cancel', id: 1 + ((i * 7_919) % 20_000) });
  const side = i % 2 === 0 ? 'buy' : 'sell';
  const ticks = side === 'buy' ? 20_001 + (i % 20) : 20_000 - (i % 20);
  const price = BigInt(ticks) * 5n;
  deep.push({ kind: 'gtc', id: 100_000 + i, user: 99, side, price, amount: 3_000n });
}
console.log(`\ndeep book: ${fmt(deep.length)} operations on 20,000 resting orders`);
// nodejs-order-book takes milliseconds per crossing order on this book (its createLimitOrder), so
// it runs the first 4,000 operations once, and is checked against the fast book at that point.
const deepRuns: [Contestant, number, number][] = [
  [ours('fast', deepSetup, deep), deep.length, rounds],
  [ours('reference', deepSetup, deep), deep.length, rounds],
  [nodejsOrderBook(deepSetup, deep), 4_000, 1],
];
const deepResults = throughput(
  deepRuns.filter(([, n]) => n === deep.length).map(([c, , times]) => [c, times]),
  deep.length,
);
const deepDepths: string[] = [];
for (const [i, [c, n, times]] of deepRuns.entries()) {
  const { best, book } = deepResults[i] ?? throughput([[c, times]], n)[0]!;
  deepDepths.push(c.depth(book).join('\n'));
  const note = n < deep.length ? ` (first ${fmt(n)} operations, one round)` : '';
  console.log(`${c.name.padEnd(18)} ${fmt(best).padStart(11)} ops/s${note}`);
}
const fastDeep = deepRuns[0]![0];
const fastPart = fastDeep.prepare();
fastDeep.run(fastPart, 0, 4_000);
if (deepDepths[0] !== deepDepths[1] || deepDepths[2] !== fastDeep.depth(fastPart).join('\n')) {
  throw new Error('deep book: the books ended differently');
}
console.log('checked: all three books end the deep run with the same price levels and totals.');
