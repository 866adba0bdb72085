import { describe, expect, it } from 'vitest';
import { createBook } from './index.ts';
import {
  accepted,
  buy,
  cancel,
  cancelled,
  done,
  marketBuy,
  marketSell,
  playScenarios,
  rejected,
  resting,
  sell,
  spec,
  trade,
  type Scenario,
} from './scenario-kit.ts';

/** Crossing, market orders, cancels and refused commands; the book's queries. */
const scenarios: Scenario[] = [
  {
    name: 'a limit order that crosses nothing rests',
    before: [sell(1, 1, 105n, 10n)],
    command: buy(2, 2, 100n, 10n),
    events: [accepted(2, 2, 'buy'), resting(2, 'buy', 100n, 10n)],
    after: ['buy 100 #2:10', 'sell 105 #1:10'],
  },
  {
    name: 'an equal and opposite order fills both completely',
    before: [sell(1, 1, 100n, 10n)],
    command: buy(2, 2, 100n, 10n),
    events: [accepted(2, 2, 'buy'), trade([1, 1], [2, 2, 'buy'], 100n, 10n), done(1), done(2)],
    after: [],
  },
  {
    name: 'a smaller taker partly fills the maker, which keeps its place',
    before: [sell(1, 1, 100n, 30n), sell(2, 3, 100n, 10n)],
    command: buy(3, 2, 100n, 10n),
    events: [accepted(3, 2, 'buy'), trade([1, 1], [3, 2, 'buy'], 100n, 10n), done(3)],
    after: ['sell 100 #1:20 #2:10'],
  },
  {
    name: 'a limit buy fills across levels up to its price and rests the rest',
    before: [sell(1, 1, 100n, 10n), sell(2, 1, 105n, 10n), sell(3, 1, 110n, 10n)],
    command: buy(4, 2, 105n, 30n),
    events: [
      accepted(4, 2, 'buy'),
      trade([1, 1], [4, 2, 'buy'], 100n, 10n),
      done(1),
      trade([2, 1], [4, 2, 'buy'], 105n, 10n),
      done(2),
      resting(4, 'buy', 105n, 10n),
    ],
    after: ['buy 105 #4:10', 'sell 110 #3:10'],
  },
  {
    name: 'price before time: the better price fills first, then the earlier order at a price',
    before: [sell(1, 1, 105n, 10n), sell(2, 2, 100n, 10n), sell(3, 3, 100n, 10n)],
    command: buy(4, 4, 105n, 20n),
    events: [
      accepted(4, 4, 'buy'),
      trade([2, 2], [4, 4, 'buy'], 100n, 10n),
      done(2),
      trade([3, 3], [4, 4, 'buy'], 100n, 10n),
      done(3),
      done(4),
    ],
    after: ['sell 105 #1:10'],
  },
  {
    name: 'a limit sell trades at the resting bid price (price improvement for the taker)',
    before: [buy(1, 1, 100n, 10n), buy(2, 1, 95n, 10n)],
    command: sell(3, 2, 95n, 30n),
    events: [
      accepted(3, 2, 'sell'),
      trade([1, 1], [3, 2, 'sell'], 100n, 10n),
      done(1),
      trade([2, 1], [3, 2, 'sell'], 95n, 10n),
      done(2),
      resting(3, 'sell', 95n, 10n),
    ],
    after: ['sell 95 #3:10'],
  },
  {
    name: 'a market sell sweeps levels best first',
    before: [buy(1, 1, 100n, 10n), buy(2, 1, 95n, 10n), buy(3, 1, 90n, 10n)],
    command: marketSell(4, 2, 20n),
    events: [
      accepted(4, 2, 'sell', true),
      trade([1, 1], [4, 2, 'sell'], 100n, 10n),
      done(1),
      trade([2, 1], [4, 2, 'sell'], 95n, 10n),
      done(2),
      done(4),
    ],
    after: ['buy 90 #3:10'],
  },
  {
    name: 'a market sell larger than the book cancels its remainder',
    before: [buy(1, 1, 100n, 10n)],
    command: marketSell(2, 2, 50n),
    events: [
      accepted(2, 2, 'sell', true),
      trade([1, 1], [2, 2, 'sell'], 100n, 10n),
      done(1),
      cancelled(2, 2, 'sell', 40n, 'market-remainder'),
    ],
    after: [],
  },
  {
    name: 'a market buy spends at most its funds, in whole steps, and returns the rest',
    before: [sell(1, 1, 100n, 10n), sell(2, 1, 105n, 10n), sell(3, 1, 110n, 30n)],
    // 1000 + 1050 buys the first two levels; 2300 left buys 20 at 110 (2200); 100 is left.
    command: marketBuy(4, 2, 4350n),
    events: [
      accepted(4, 2, 'buy', true),
      trade([1, 1], [4, 2, 'buy'], 100n, 10n),
      done(1),
      trade([2, 1], [4, 2, 'buy'], 105n, 10n),
      done(2),
      trade([3, 1], [4, 2, 'buy'], 110n, 20n),
      // Asks are left: the 100 buys less than one step at 110 (dust, not a short book).
      cancelled(4, 2, 'buy', 100n, 'dust', 'quote'),
    ],
    after: ['sell 110 #3:10'],
  },
  {
    name: 'a market buy whose funds outlast the book returns the rest as a market remainder',
    before: [sell(1, 1, 100n, 10n)],
    command: marketBuy(2, 2, 1500n),
    events: [
      accepted(2, 2, 'buy', true),
      trade([1, 1], [2, 2, 'buy'], 100n, 10n),
      done(1),
      cancelled(2, 2, 'buy', 500n, 'market-remainder', 'quote'),
    ],
    after: [],
  },
  {
    name: 'a market buy whose funds are spent exactly is done',
    before: [sell(1, 1, 100n, 20n)],
    command: marketBuy(2, 2, 1000n),
    events: [accepted(2, 2, 'buy', true), trade([1, 1], [2, 2, 'buy'], 100n, 10n), done(2)],
    after: ['sell 100 #1:10'],
  },
  {
    name: 'a market buy that cannot afford one step trades nothing and returns its funds',
    before: [sell(1, 1, 100n, 10n)],
    command: marketBuy(2, 2, 999n),
    events: [accepted(2, 2, 'buy', true), cancelled(2, 2, 'buy', 999n, 'dust', 'quote')],
    after: ['sell 100 #1:10'],
  },
  {
    name: 'a market sell on an empty bid side is rejected',
    before: [sell(1, 1, 100n, 10n)],
    command: marketSell(2, 2, 10n),
    events: [rejected(2, 'NoLiquidity')],
    after: ['sell 100 #1:10'],
  },
  {
    name: 'a market buy on an empty book is rejected',
    before: [],
    command: marketBuy(1, 1, 1000n),
    events: [rejected(1, 'NoLiquidity')],
    after: [],
  },
  {
    name: 'cancel takes a resting order out with what is left of it',
    before: [buy(1, 1, 100n, 30n), buy(2, 2, 100n, 10n), marketSell(3, 3, 10n)],
    command: cancel(1),
    events: [cancelled(1, 1, 'buy', 20n, 'user')],
    after: ['buy 100 #2:10'],
  },
  {
    name: 'cancel of an unknown id is rejected',
    before: [buy(1, 1, 100n, 10n)],
    command: cancel(9),
    events: [rejected(9, 'UnknownOrder')],
    after: ['buy 100 #1:10'],
  },
  {
    name: 'cancel of a filled order is rejected as unknown',
    before: [buy(1, 1, 100n, 10n), marketSell(2, 2, 10n)],
    command: cancel(1),
    events: [rejected(1, 'UnknownOrder')],
    after: [],
  },
  {
    name: 'an id that is resting cannot be used again',
    before: [buy(1, 1, 100n, 10n)],
    command: sell(1, 2, 200n, 10n),
    events: [rejected(1, 'DuplicateOrderId')],
    after: ['buy 100 #1:10'],
  },
  {
    name: 'a price off the tick is rejected',
    before: [],
    command: buy(1, 1, 102n, 10n),
    events: [rejected(1, 'InvalidPrice')],
    after: [],
  },
  {
    name: 'a zero price is rejected',
    before: [],
    command: sell(1, 1, 0n, 10n),
    events: [rejected(1, 'InvalidPrice')],
    after: [],
  },
  {
    name: 'an amount off the step is rejected',
    before: [],
    command: buy(1, 1, 100n, 15n),
    events: [rejected(1, 'InvalidAmount')],
    after: [],
  },
  {
    name: 'a negative market sell amount is rejected',
    before: [buy(1, 1, 100n, 10n)],
    command: marketSell(2, 2, -10n),
    events: [rejected(2, 'InvalidAmount')],
    after: ['buy 100 #1:10'],
  },
  {
    name: 'market buy funds of zero are rejected',
    before: [sell(1, 1, 100n, 10n)],
    command: marketBuy(2, 2, 0n),
    events: [rejected(2, 'InvalidFunds')],
    after: ['sell 100 #1:10'],
  },
];

playScenarios(scenarios);

describe.each(['fast', 'reference'] as const)('%s book', (kind) => {
  it('aggregates depth by price, best first, top N levels', () => {
    const book = createBook(spec, kind);
    for (const c of [
      buy(1, 1, 100n, 10n),
      buy(2, 2, 100n, 20n),
      buy(3, 1, 95n, 10n),
      buy(4, 1, 90n, 10n),
      sell(5, 3, 110n, 10n),
      sell(6, 3, 105n, 30n),
      sell(7, 4, 105n, 10n),
    ]) {
      book.apply(c);
    }
    expect(book.depth(2)).toEqual({
      bids: [
        [100n, 30n],
        [95n, 10n],
      ],
      asks: [
        [105n, 40n],
        [110n, 10n],
      ],
    });
    expect(book.depth(10).bids).toHaveLength(3);
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
    expect([book.bestBid(), book.bestAsk(), book.size()]).toEqual([100n, 105n, 7]);
    expect([book.levelTotal('buy', 100n), book.levelTotal('sell', 105n)]).toEqual([30n, 40n]);
    expect([book.levelTotal('sell', 100n), book.levelTotal('buy', 99n)]).toEqual([0n, 0n]);
    book.apply({ type: 'cancel', id: 6 });
    expect(book.levelTotal('sell', 105n)).toBe(10n);
  });

  it('reports an empty book as null prices and no levels', () => {
    const book = createBook(spec, kind);
    expect([book.bestBid(), book.bestAsk(), book.size()]).toEqual([null, null, 0]);
    expect(book.depth(5)).toEqual({ bids: [], asks: [] });
  });

  it('looks orders up by number or bigint id and hands out copies', () => {
    const book = createBook(spec, kind);
    book.apply({ ...buy(7, 3, 100n, 30n), time: 1234 });
    book.apply(marketSell(8, 4, 10n));
    const order = book.order(7n);
    expect(order).toEqual({
      id: 7n,
      user: 3,
      side: 'buy',
      price: 100n,
      amount: 30n,
      remaining: 20n,
      time: 1234,
    });
    (order as { remaining: bigint }).remaining = 0n;
    expect(book.order(7)?.remaining).toBe(20n);
    expect(book.order(8)).toBeUndefined();
  });

  it('refuses a bad pair spec and a non-integer id', () => {
    expect(() => createBook({ ...spec, tick: 0n }, kind)).toThrow(RangeError);
    expect(() => createBook({ ...spec, amountScale: 1.5 }, kind)).toThrow(RangeError);
    expect(() => createBook(spec, kind).apply(cancel(1.5))).toThrow(RangeError);
  });
});
