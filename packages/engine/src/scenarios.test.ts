import { describe, expect, it } from 'vitest';
import {
  createBook,
  type Book,
  type CancelReason,
  type Command,
  type Event,
  type Side,
  type TimeInForce,
} from './index.ts';

// Prices are in ticks of 5 and amounts in steps of 10, so invalid ones are easy to write.
const spec = { symbol: 'BTC/USDT', priceScale: 2, amountScale: 3, tick: 5n, step: 10n };

type Limit = Extract<Command, { type: 'limit' }>;

const buy = (id: number, user: number, price: bigint, amount: bigint): Limit => ({
  type: 'limit',
  id,
  user,
  side: 'buy',
  price,
  amount,
});
const sell = (id: number, user: number, price: bigint, amount: bigint): Limit => ({
  type: 'limit',
  id,
  user,
  side: 'sell',
  price,
  amount,
});
const marketSell = (id: number, user: number, amount: bigint): Command => ({
  type: 'market',
  id,
  user,
  side: 'sell',
  amount,
});
const marketBuy = (id: number, user: number, funds: bigint): Command => ({
  type: 'market',
  id,
  user,
  side: 'buy',
  funds,
});
const cancel = (id: number): Command => ({ type: 'cancel', id });
/** The same limit order with a time in force. */
const until = (order: Limit, timeInForce: TimeInForce): Limit => ({ ...order, timeInForce });
const postOnly = (order: Limit): Limit => ({ ...order, postOnly: true });

const accepted = (id: number, user: number, side: Side, market = false): Event => ({
  type: 'accepted',
  id: BigInt(id),
  user,
  side,
  orderType: market ? 'market' : 'limit',
});
/** trade([makerId, makerUser], [takerId, takerUser, takerSide], price, amount) */
const trade = (
  [makerId, makerUser]: [number, number],
  [takerId, takerUser, takerSide]: [number, number, Side],
  price: bigint,
  amount: bigint,
): Event => ({
  type: 'trade',
  makerId: BigInt(makerId),
  takerId: BigInt(takerId),
  makerUser,
  takerUser,
  price,
  amount,
  quote: price * amount,
  takerSide,
});
const resting = (id: number, side: Side, price: bigint, remaining: bigint): Event => ({
  type: 'resting',
  id: BigInt(id),
  side,
  price,
  remaining,
});
const done = (id: number): Event => ({ type: 'done', id: BigInt(id) });
const cancelled = (
  id: number,
  user: number,
  side: Side,
  remaining: bigint,
  reason: CancelReason,
  unit: 'base' | 'quote' = 'base',
): Event => ({ type: 'cancelled', id: BigInt(id), user, side, remaining, unit, reason });
const rejected = (id: number, code: string): Event =>
  ({ type: 'rejected', id: BigInt(id), code }) as Event;

/** The book as lines 'side price #id:remaining ...', best first, arrival order within a price. */
function render(book: Book): string[] {
  const lines: string[] = [];
  for (const o of book.orders()) {
    const head = `${o.side} ${o.price}`;
    const last = lines[lines.length - 1];
    if (last?.startsWith(`${head} `)) lines[lines.length - 1] = `${last} #${o.id}:${o.remaining}`;
    else lines.push(`${head} #${o.id}:${o.remaining}`);
  }
  return lines;
}

interface Scenario {
  name: string;
  before: Command[];
  command: Command;
  events: Event[];
  after: string[];
}

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
      cancelled(4, 2, 'buy', 100n, 'market-remainder', 'quote'),
    ],
    after: ['sell 110 #3:10'],
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
    events: [
      accepted(2, 2, 'buy', true),
      cancelled(2, 2, 'buy', 999n, 'market-remainder', 'quote'),
    ],
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
  {
    name: 'self-trade prevention cancels the resting order and matching goes on',
    before: [sell(1, 1, 100n, 10n), sell(2, 2, 100n, 10n), sell(3, 1, 105n, 10n)],
    command: buy(4, 1, 105n, 30n),
    events: [
      accepted(4, 1, 'buy'),
      cancelled(1, 1, 'sell', 10n, 'self-trade'),
      trade([2, 2], [4, 1, 'buy'], 100n, 10n),
      done(2),
      cancelled(3, 1, 'sell', 10n, 'self-trade'),
      resting(4, 'buy', 105n, 20n),
    ],
    after: ['buy 105 #4:20'],
  },
  {
    name: 'self-trade prevention leaves own orders alone when the prices do not cross',
    before: [sell(1, 1, 105n, 10n)],
    command: buy(2, 1, 100n, 10n),
    events: [accepted(2, 1, 'buy'), resting(2, 'buy', 100n, 10n)],
    after: ['buy 100 #2:10', 'sell 105 #1:10'],
  },
  {
    name: 'a market order that meets only its own orders cancels them and its remainder',
    before: [buy(1, 1, 100n, 10n), buy(2, 1, 95n, 10n)],
    command: marketSell(3, 1, 10n),
    events: [
      accepted(3, 1, 'sell', true),
      cancelled(1, 1, 'buy', 10n, 'self-trade'),
      cancelled(2, 1, 'buy', 10n, 'self-trade'),
      cancelled(3, 1, 'sell', 10n, 'market-remainder'),
    ],
    after: [],
  },
  {
    name: 'an IOC order fills what it reaches and cancels the rest instead of resting it',
    before: [sell(1, 1, 100n, 10n), sell(2, 1, 110n, 10n)],
    command: until(buy(3, 2, 105n, 30n), 'ioc'),
    events: [
      accepted(3, 2, 'buy'),
      trade([1, 1], [3, 2, 'buy'], 100n, 10n),
      done(1),
      cancelled(3, 2, 'buy', 20n, 'ioc-remainder'),
    ],
    after: ['sell 110 #2:10'],
  },
  {
    name: 'an IOC order that reaches nothing is cancelled whole',
    before: [sell(1, 1, 110n, 10n)],
    command: until(buy(2, 2, 105n, 10n), 'ioc'),
    events: [accepted(2, 2, 'buy'), cancelled(2, 2, 'buy', 10n, 'ioc-remainder')],
    after: ['sell 110 #1:10'],
  },
  {
    name: 'an IOC order that fills whole is done',
    before: [buy(1, 1, 100n, 20n)],
    command: until(sell(2, 2, 100n, 20n), 'ioc'),
    events: [accepted(2, 2, 'sell'), trade([1, 1], [2, 2, 'sell'], 100n, 20n), done(1), done(2)],
    after: [],
  },
  {
    name: 'a FOK order the book can fill whole fills across levels',
    before: [sell(1, 1, 100n, 10n), sell(2, 3, 105n, 10n), sell(3, 1, 110n, 10n)],
    command: until(buy(4, 2, 105n, 20n), 'fok'),
    events: [
      accepted(4, 2, 'buy'),
      trade([1, 1], [4, 2, 'buy'], 100n, 10n),
      done(1),
      trade([2, 3], [4, 2, 'buy'], 105n, 10n),
      done(2),
      done(4),
    ],
    after: ['sell 110 #3:10'],
  },
  {
    name: 'a FOK order the book cannot fill whole trades nothing and changes no resting order',
    before: [sell(1, 1, 100n, 10n), sell(2, 1, 105n, 10n), sell(3, 1, 110n, 10n)],
    command: until(buy(4, 2, 105n, 30n), 'fok'),
    events: [accepted(4, 2, 'buy'), cancelled(4, 2, 'buy', 30n, 'fok')],
    after: ['sell 100 #1:10', 'sell 105 #2:10', 'sell 110 #3:10'],
  },
  {
    name: 'a FOK order does not count its own resting orders, and cancels none when it fails',
    before: [buy(1, 2, 100n, 10n), buy(2, 1, 100n, 10n)],
    command: until(sell(3, 2, 100n, 20n), 'fok'),
    events: [accepted(3, 2, 'sell'), cancelled(3, 2, 'sell', 20n, 'fok')],
    after: ['buy 100 #1:10 #2:10'],
  },
  {
    name: 'a FOK order that can fill whole cancels its own orders in the way (self-trade)',
    before: [buy(1, 2, 100n, 10n), buy(2, 1, 100n, 20n)],
    command: until(sell(3, 2, 100n, 20n), 'fok'),
    events: [
      accepted(3, 2, 'sell'),
      cancelled(1, 2, 'buy', 10n, 'self-trade'),
      trade([2, 1], [3, 2, 'sell'], 100n, 20n),
      done(2),
      done(3),
    ],
    after: [],
  },
  {
    name: 'a post-only order that does not reach the other side rests',
    before: [sell(1, 1, 105n, 10n)],
    command: postOnly(buy(2, 2, 100n, 10n)),
    events: [accepted(2, 2, 'buy'), resting(2, 'buy', 100n, 10n)],
    after: ['buy 100 #2:10', 'sell 105 #1:10'],
  },
  {
    name: 'a post-only order at the best opposite price would take: rejected, nothing changes',
    before: [buy(1, 1, 100n, 10n)],
    command: postOnly(sell(2, 2, 100n, 10n)),
    events: [rejected(2, 'PostOnlyWouldTake')],
    after: ['buy 100 #1:10'],
  },
  {
    name: 'a post-only order is rejected even when the order it reaches is the same user’s',
    before: [sell(1, 1, 100n, 10n)],
    command: postOnly(buy(2, 1, 105n, 10n)),
    events: [rejected(2, 'PostOnlyWouldTake')],
    after: ['sell 100 #1:10'],
  },
  {
    name: 'a post-only order on an empty opposite side rests',
    before: [],
    command: postOnly(sell(1, 1, 100n, 10n)),
    events: [accepted(1, 1, 'sell'), resting(1, 'sell', 100n, 10n)],
    after: ['sell 100 #1:10'],
  },
  {
    name: 'a post-only order is checked after its price',
    before: [buy(1, 1, 100n, 10n)],
    command: postOnly(sell(2, 2, 101n, 10n)),
    events: [rejected(2, 'InvalidPrice')],
    after: ['buy 100 #1:10'],
  },
];

describe.each(['fast', 'reference'] as const)('%s book', (kind) => {
  it.each(scenarios)('$name', ({ before, command, events, after }) => {
    const book = createBook(spec, kind);
    for (const c of before) book.apply(c);
    const hash = book.stateHash();
    expect(book.apply(command)).toEqual(events);
    expect(render(book)).toEqual(after);
    if (events[0]?.type === 'rejected') expect(book.stateHash()).toBe(hash);
  });

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
