import type { Command, PairSpec, Side, TimeInForce } from './types.ts';

// Shared by the comparison test, the snapshot test and bench/engine: not part of the public API.

/** A small seeded PRNG (mulberry32): the same seed gives the same commands everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const fuzzSpec: PairSpec = {
  symbol: 'BTC/USDT',
  priceScale: 2,
  amountScale: 4,
  tick: 5n,
  step: 10n,
};

/**
 * `count` commands that exercise everything: limits around a wandering mid price (so many
 * cross), market sells and buys, cancels of open and unknown ids, 20 users (so self-trades
 * happen), invalid commands, and now and then a sweep that empties one side. Depends on the seed
 * only, never on a book's state, so every book sees the same commands.
 */
export function* generateCommands(count: number, seed: number): Generator<Command> {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const { tick, step } = fuzzSpec;
  const center = 20_000; // in ticks: 1000.00
  let mid = center;
  let nextId = 1;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    // A walk pulled back to the center, so old orders far from the top get hit in time.
    mid += int(5) - 2 + Math.sign(center - mid) * (random() < 0.2 ? 1 : 0);
    const user = 1 + int(20);
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    if (i % 10_000 === 9_998 && i + 1 < count) {
      // Now and then one side is swept empty and hit again at once: that is NoLiquidity.
      const amount = 1_000_000_000n * step;
      yield side === 'sell'
        ? { type: 'market', id: nextId++, user, side, amount }
        : { type: 'market', id: nextId++, user, side, funds: amount * BigInt(mid * 2) * tick };
      i++;
      yield side === 'sell'
        ? { type: 'market', id: nextId++, user, side, amount: step }
        : { type: 'market', id: nextId++, user, side, funds: BigInt(mid) * tick * step };
      continue;
    }
    // Cancels weigh more once many ids are open, which keeps the book under about 2,000 orders.
    const roll = ids.length > 2_000 ? 0.15 + random() * 0.85 : random();
    if (roll < 0.52) {
      const offset = int(41) - 6; // mostly passive, sometimes crossing
      const ticks = side === 'buy' ? mid - offset : mid + offset;
      const id = nextId++;
      ids.push(id);
      yield {
        type: 'limit',
        id: random() < 0.5 ? id : BigInt(id),
        user,
        side,
        price: BigInt(ticks) * tick,
        amount: BigInt(1 + int(30)) * step,
        time: i,
      };
    } else if (roll < 0.56) {
      yield {
        type: 'market',
        id: nextId++,
        user,
        side: 'sell',
        amount: BigInt(1 + int(40)) * step,
      };
    } else if (roll < 0.6) {
      const funds = BigInt(mid) * tick * step * BigInt(1 + int(40)) + BigInt(int(100_000));
      yield { type: 'market', id: nextId++, user, side: 'buy', funds };
    } else if (roll < 0.97) {
      // Uniform over ids not cancelled yet (some are filled by now: those give UnknownOrder).
      let id = nextId + 1_000_000;
      if (ids.length > 0 && random() < 0.95) {
        const at = int(ids.length);
        id = ids[at]!;
        ids[at] = ids[ids.length - 1]!;
        ids.pop();
      }
      yield { type: 'cancel', id };
    } else if (random() < 0.15) {
      yield random() < 0.5
        ? { type: 'market', id: nextId++, user, side: 'buy', funds: -BigInt(int(2)) }
        : { type: 'market', id: nextId++, user, side: 'sell', amount: step - 1n };
    } else {
      // 0: a recent id (a duplicate while it rests, a legal reuse once it left), 1-2: bad
      // price, 3-4: bad amount.
      const which = int(5);
      const id =
        which === 0 && ids.length > 0
          ? ids[ids.length - 1 - int(Math.min(ids.length, 50))]!
          : nextId++;
      const price = which === 1 ? BigInt(mid) * tick + 1n : which === 2 ? 0n : BigInt(mid) * tick;
      const amount = which === 3 ? step + 1n : which === 4 ? 0n : step;
      yield { type: 'limit', id, user, side, price, amount, time: i };
    }
  }
}

/**
 * The same commands with time in force and post-only on some limit orders (10% IOC, 5% FOK, 10%
 * post-only), drawn from a PRNG of their own so the commands themselves stay those of `seed`.
 */
export function* withTimeInForce(commands: Iterable<Command>, seed: number): Generator<Command> {
  const random = mulberry32(seed);
  for (const command of commands) {
    if (command.type !== 'limit') {
      yield command;
      continue;
    }
    const roll = random();
    const timeInForce: TimeInForce = roll < 0.1 ? 'ioc' : roll < 0.15 ? 'fok' : 'gtc';
    if (timeInForce !== 'gtc') yield { ...command, timeInForce };
    else if (roll < 0.25) yield { ...command, postOnly: true };
    else yield command;
  }
}
