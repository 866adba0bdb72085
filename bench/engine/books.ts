import { OrderBook, SelfTradePreventionMode, Side as ObSide } from 'nodejs-order-book';
import {
  createBook,
  type Book,
  type BookKind,
  type Command,
} from '../../packages/engine/src/index.ts';
import { benchSpec, type Op } from './stream.ts';

/**
 * One contestant: `prepare()` gives a fresh book with the setup applied (not timed),
 * `run(book, from, to)` applies operations [from, to) of the stream, `depth(book)` reads every
 * price level as "side price total" lines, best first, to compare the books at the end.
 * Each contestant gets its own pre-built command objects, so no conversion is timed.
 */
export interface Contestant<B = unknown> {
  name: string;
  prepare(): B;
  run(book: B, from: number, to: number): void;
  depth(book: B): string[];
  hash?(book: B): string;
}

// Our books. mode 0: one command; 1: two commands (replace = cancel + limit).
interface OurOp {
  a: Command;
  b: Command | null;
  mode: 0 | 1;
}

function ourOp(op: Op): OurOp {
  switch (op.kind) {
    case 'gtc':
    case 'ioc': {
      const limit: Command = {
        type: 'limit',
        id: op.id,
        user: op.user,
        side: op.side,
        price: op.price,
        amount: op.amount,
      };
      if (op.kind === 'gtc') return { a: limit, b: null, mode: 0 };
      // Spelled out: a spread copy is a slow object in V8, and costs the IOC several times over.
      const ioc: Command = {
        type: 'limit',
        id: op.id,
        user: op.user,
        side: op.side,
        price: op.price,
        amount: op.amount,
        timeInForce: 'ioc',
      };
      return { a: ioc, b: null, mode: 0 };
    }
    case 'market':
      return {
        a:
          op.side === 'sell'
            ? { type: 'market', id: op.id, user: 0, side: 'sell', amount: op.amount }
            : { type: 'market', id: op.id, user: 0, side: 'buy', funds: op.funds },
        b: null,
        mode: 0,
      };
    case 'cancel':
      return { a: { type: 'cancel', id: op.id }, b: null, mode: 0 };
    case 'replace':
      return {
        a: { type: 'cancel', id: op.id },
        b: {
          type: 'limit',
          id: op.id,
          user: op.user,
          side: op.side,
          price: op.price,
          amount: op.amount,
        },
        mode: 1,
      };
  }
}

const levelLines = (book: Book): string[] => {
  const { bids, asks } = book.depth(Number.MAX_SAFE_INTEGER);
  return [...bids.map(([p, t]) => `buy ${p} ${t}`), ...asks.map(([p, t]) => `sell ${p} ${t}`)];
};

export function ours(kind: BookKind, setup: Op[], stream: Op[]): Contestant<Book> {
  const pre = setup.map(ourOp);
  const ops = stream.map(ourOp);
  const apply = (book: Book, list: OurOp[], from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const op = list[i]!;
      book.apply(op.a);
      if (op.mode === 1) book.apply(op.b!);
    }
  };
  return {
    name: `${kind} book`,
    prepare() {
      const book = createBook(benchSpec, kind);
      apply(book, pre, 0, pre.length);
      return book;
    },
    run: (book, from, to) => apply(book, ops, from, to),
    depth: levelLines,
    hash: (book) => book.stateHash(),
  };
}

// nodejs-order-book: prices and sizes are numbers; we pass the minor units as they are (whole
// numbers well under 2^53, so every value and every price × size is exact). Ids are strings.
// Self-trade prevention EXPIRE_MAKER is our engine's rule (the resting order is cancelled).
// A replace is cancel + limit, not its modify(): modify re-adds the order with no account and
// STP off, which would change what later orders do.
type LimitOptions = Parameters<OrderBook['limit']>[0];
type MarketOptions = Parameters<OrderBook['market']>[0];
interface TheirOp {
  mode: 0 | 1 | 2 | 3; // limit, market, cancel, cancel + limit
  id: string;
  limit: LimitOptions | null;
  market: MarketOptions | null;
}

function theirOp(op: Op): TheirOp {
  const id = String(op.id);
  const limit = (o: { side: 'buy' | 'sell'; user: number; price: bigint; amount: bigint }) =>
    ({
      id,
      side: o.side === 'buy' ? ObSide.BUY : ObSide.SELL,
      size: Number(o.amount),
      price: Number(o.price),
      accountId: `u${o.user}`,
      stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
    }) as LimitOptions;
  switch (op.kind) {
    case 'gtc':
      return { mode: 0, id, limit: limit(op), market: null };
    case 'ioc':
      // TimeInForce is a type-only export of the package; its IOC value is the string 'IOC'.
      return {
        mode: 0,
        id,
        limit: { ...limit(op), timeInForce: 'IOC' } as LimitOptions,
        market: null,
      };
    case 'market':
      return {
        mode: 1,
        id,
        limit: null,
        market: {
          side: op.side === 'buy' ? ObSide.BUY : ObSide.SELL,
          size: Number(op.amount),
          accountId: 'u0',
          stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
        } as MarketOptions,
      };
    case 'cancel':
      return { mode: 2, id, limit: null, market: null };
    case 'replace':
      return { mode: 3, id, limit: limit(op), market: null };
  }
}

export function nodejsOrderBook(setup: Op[], stream: Op[]): Contestant<OrderBook> {
  const pre = setup.map(theirOp);
  const ops = stream.map(theirOp);
  const apply = (book: OrderBook, list: TheirOp[], from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const op = list[i]!;
      switch (op.mode) {
        case 0:
          book.limit(op.limit!);
          break;
        case 1:
          book.market(op.market!);
          break;
        case 2:
          book.cancel(op.id);
          break;
        case 3:
          book.cancel(op.id);
          book.limit(op.limit!);
          break;
      }
    }
  };
  return {
    name: 'nodejs-order-book',
    prepare() {
      const book = new OrderBook();
      apply(book, pre, 0, pre.length);
      return book;
    },
    run: (book, from, to) => apply(book, ops, from, to),
    depth(book) {
      const [asks, bids] = book.depth() as [number, number][][];
      const best = (a: [number, number], b: [number, number]) => a[0] - b[0];
      return [
        ...[...bids!].sort((a, b) => best(b, a)).map(([p, t]) => `buy ${p} ${t}`),
        ...[...asks!].sort(best).map(([p, t]) => `sell ${p} ${t}`),
      ];
    },
  };
}
