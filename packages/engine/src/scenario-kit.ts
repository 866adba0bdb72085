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

// The scenario tests' commands, events and book picture, shared by the files that use them.

// Prices are in ticks of 5 and amounts in steps of 10, so invalid ones are easy to write.
export const spec = { symbol: 'BTC/USDT', priceScale: 2, amountScale: 3, tick: 5n, step: 10n };

type Limit = Extract<Command, { type: 'limit' }>;

export const buy = (id: number, user: number, price: bigint, amount: bigint): Limit => ({
  type: 'limit',
  id,
  user,
  side: 'buy',
  price,
  amount,
});
export const sell = (id: number, user: number, price: bigint, amount: bigint): Limit => ({
  type: 'limit',
  id,
  user,
  side: 'sell',
  price,
  amount,
});
export const marketSell = (id: number, user: number, amount: bigint): Command => ({
  type: 'market',
  id,
  user,
  side: 'sell',
  amount,
});
export const marketBuy = (id: number, user: number, funds: bigint): Command => ({
  type: 'market',
  id,
  user,
  side: 'buy',
  funds,
});
export const cancel = (id: number): Command => ({ type: 'cancel', id });
/** The same limit order with a time in force. */
export const until = (order: Limit, timeInForce: TimeInForce): Limit => ({ ...order, timeInForce });
export const postOnly = (order: Limit): Limit => ({ ...order, postOnly: true });

export const accepted = (id: number, user: number, side: Side, market = false): Event => ({
  type: 'accepted',
  id: BigInt(id),
  user,
  side,
  orderType: market ? 'market' : 'limit',
});
/** trade([makerId, makerUser], [takerId, takerUser, takerSide], price, amount) */
export const trade = (
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
export const resting = (id: number, side: Side, price: bigint, remaining: bigint): Event => ({
  type: 'resting',
  id: BigInt(id),
  side,
  price,
  remaining,
});
export const done = (id: number): Event => ({ type: 'done', id: BigInt(id) });
export const cancelled = (
  id: number,
  user: number,
  side: Side,
  remaining: bigint,
  reason: CancelReason,
  unit: 'base' | 'quote' = 'base',
): Event => ({ type: 'cancelled', id: BigInt(id), user, side, remaining, unit, reason });
export const rejected = (id: number, code: string): Event =>
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

export interface Scenario {
  name: string;
  before: Command[];
  command: Command;
  events: Event[];
  after: string[];
}

/** Each scenario on both books: its events, the book after, and a rejection changes nothing. */
export function playScenarios(scenarios: Scenario[]) {
  describe.each(['fast', 'reference'] as const)('%s book', (kind) => {
    it.each(scenarios)('$name', ({ before, command, events, after }) => {
      const book = createBook(spec, kind);
      for (const c of before) book.apply(c);
      const hash = book.stateHash();
      expect(book.apply(command)).toEqual(events);
      expect(render(book)).toEqual(after);
      if (events[0]?.type === 'rejected') expect(book.stateHash()).toBe(hash);
    });
  });
}
