// Orders per second of the fast and the reference book on the same generated commands.
// Run: node --import tsx bench/engine/run.ts [commands] [seed]. Not part of the test run.
import { createBook, type BookKind, type Command } from '../../packages/engine/src/index.ts';
import { fuzzSpec, generateCommands } from '../../packages/engine/src/testing.ts';

const count = Number(process.argv[2] ?? 200_000);
const seed = Number(process.argv[3] ?? 1);

function measure(name: string, commands: Command[], kind: BookKind, setup: Command[] = []): void {
  const times: number[] = [];
  let hash = '';
  for (let round = 0; round < 5; round++) {
    const book = createBook(fuzzSpec, kind);
    for (const command of setup) book.apply(command);
    const start = performance.now();
    for (const command of commands) book.apply(command);
    times.push(performance.now() - start);
    hash = book.stateHash();
  }
  const best = Math.min(...times);
  const perSecond = Math.round((commands.length / best) * 1000).toLocaleString('en');
  console.log(`${name.padEnd(28)} ${kind.padEnd(9)} ${perSecond.padStart(11)} commands/s  ${hash}`);
}

// 1. The mixed flow of the comparison test (book of a few hundred to ~2,000 orders).
const mixed = [...generateCommands(count, seed)];
// 2. A deep book: 20,000 resting orders over 2,000 prices, then cancels in random order and
//    crossing limit orders that walk into it.
const deep: Command[] = [];
for (let i = 0; i < 20_000; i++) {
  const side = i % 2 === 0 ? 'buy' : 'sell';
  const ticks = side === 'buy' ? 20_000 - (i % 1_000) - 1 : 20_001 + (i % 1_000);
  deep.push({
    type: 'limit',
    id: i + 1,
    user: i % 50,
    side,
    price: BigInt(ticks) * 5n,
    amount: 100n,
  });
}
const churn: Command[] = [];
for (let i = 0; i < 20_000; i++) {
  const victim = 1 + ((i * 7_919) % 20_000);
  churn.push({ type: 'cancel', id: victim });
  const side = i % 2 === 0 ? 'buy' : 'sell';
  const ticks = side === 'buy' ? 20_001 + (i % 20) : 20_000 - (i % 20);
  churn.push({
    type: 'limit',
    id: 100_000 + i,
    user: 99,
    side,
    price: BigInt(ticks) * 5n,
    amount: 30n,
  });
}

for (const kind of ['fast', 'reference'] as const) {
  measure(`mixed (${mixed.length})`, mixed, kind);
  measure(`deep book (${churn.length})`, churn, kind, deep);
}
