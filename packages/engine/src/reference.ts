import { accepted, cancelled, done, rejected, resting, trade } from './events.ts';
import { hashBook } from './hash.ts';
import { toSnapshot } from './snapshot.ts';
import { affordable, checkSpec, crosses, rejection, toId, untilReason } from './validate.ts';
import type {
  Book,
  BookSnapshot,
  Command,
  DepthView,
  Event,
  OrderId,
  PairSpec,
  RestingOrder,
  Side,
} from './types.ts';

type Order = { -readonly [K in keyof RestingOrder]: RestingOrder[K] };
type Limit = Extract<Command, { type: 'limit' }>;

/** What a limit taker could fill at once: other users' orders up to its price (own ones STP). */
function fillable(opposite: Order[], command: Limit): bigint {
  let sum = 0n;
  for (const o of opposite) {
    if (!crosses(command.side, o.price, command.price)) break;
    if (o.user === command.user) continue;
    sum += o.remaining;
    if (sum >= command.amount) break;
  }
  return sum;
}

const copy = (o: Order): RestingOrder => ({ ...o });

/**
 * The obviously correct book: each side is one array of orders sorted best price first and, within
 * a price, by arrival. Everything is a linear scan. It exists to check the fast book against.
 */
export class ReferenceBook implements Book {
  readonly kind = 'reference';
  readonly spec: Readonly<PairSpec>;
  private readonly bids: Order[] = [];
  private readonly asks: Order[] = [];

  constructor(spec: PairSpec) {
    this.spec = checkSpec(spec);
  }

  apply(command: Command): Event[] {
    const id = toId(command.id);
    if (command.type === 'cancel') return this.cancel(id);
    const { user, side } = command;
    const opposite = side === 'buy' ? this.asks : this.bids;
    const best = opposite[0]?.price ?? null;
    const code = rejection(this.spec, command, this.find(id) !== undefined, best);
    if (code) return [rejected(id, code)];

    const events = [accepted(id, user, side, command.type)];
    if (command.type === 'limit' && command.timeInForce === 'fok') {
      if (fillable(opposite, command) < command.amount) {
        events.push(cancelled(id, user, side, command.amount, 'fok'));
        return events;
      }
    }
    const limit = command.type === 'limit' ? command.price : null;
    let remaining = 'amount' in command ? command.amount : null;
    let funds = 'funds' in command ? command.funds : null;
    while (remaining !== 0n && funds !== 0n) {
      const maker = opposite[0];
      if (!maker) break;
      if (limit !== null && (side === 'buy' ? maker.price > limit : maker.price < limit)) break;
      let amount = maker.remaining;
      if (remaining !== null && remaining < amount) amount = remaining;
      if (funds !== null) {
        const most = affordable(funds, maker.price, this.spec.step);
        if (most === 0n) break;
        if (most < amount) amount = most;
      }
      if (maker.user === user) {
        opposite.shift();
        events.push(cancelled(maker.id, maker.user, maker.side, maker.remaining, 'self-trade'));
        continue;
      }
      events.push(trade(maker, id, user, amount));
      maker.remaining -= amount;
      if (remaining !== null) remaining -= amount;
      if (funds !== null) funds -= maker.price * amount;
      if (maker.remaining === 0n) {
        opposite.shift();
        events.push(done(maker.id));
      }
    }

    if (remaining === 0n || funds === 0n) {
      events.push(done(id));
    } else if (command.type === 'limit' && remaining !== null) {
      const tif = command.timeInForce ?? 'gtc';
      if (tif === 'gtc') {
        const time = command.time ?? 0;
        this.insert({
          id,
          user,
          side,
          price: command.price,
          amount: command.amount,
          remaining,
          time,
        });
        events.push(resting(id, side, command.price, remaining));
      } else {
        events.push(cancelled(id, user, side, remaining, untilReason(tif)));
      }
    } else if (funds !== null) {
      // Funds left while asks remain buy less than one step at the best of them: dust.
      const reason = opposite.length > 0 ? 'dust' : 'market-remainder';
      events.push(cancelled(id, user, side, funds, reason, 'quote'));
    } else if (remaining !== null) {
      events.push(cancelled(id, user, side, remaining, 'market-remainder'));
    }
    return events;
  }

  private cancel(id: bigint): Event[] {
    for (const list of [this.bids, this.asks]) {
      const at = list.findIndex((o) => o.id === id);
      const order = list[at];
      if (order) {
        list.splice(at, 1);
        return [cancelled(id, order.user, order.side, order.remaining, 'user')];
      }
    }
    return [rejected(id, 'UnknownOrder')];
  }

  /** After every order at an equal or better price: that is price-time priority. */
  private insert(order: Order): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    const worse = (o: Order) =>
      order.side === 'buy' ? o.price < order.price : o.price > order.price;
    const at = list.findIndex(worse);
    if (at === -1) list.push(order);
    else list.splice(at, 0, order);
  }

  private find(id: bigint): Order | undefined {
    return this.bids.find((o) => o.id === id) ?? this.asks.find((o) => o.id === id);
  }

  /** Fills an empty book from orders in priority order (see restoreBook). */
  load(orders: Iterable<RestingOrder>): void {
    for (const o of orders) this.insert({ ...o });
  }

  bestBid(): bigint | null {
    return this.bids[0]?.price ?? null;
  }

  bestAsk(): bigint | null {
    return this.asks[0]?.price ?? null;
  }

  depth(levels: number): DepthView {
    const aggregate = (list: Order[]) => {
      const out: [bigint, bigint][] = [];
      for (const o of list) {
        const last = out[out.length - 1];
        if (last && last[0] === o.price) last[1] += o.remaining;
        else if (out.length < levels) out.push([o.price, o.remaining]);
        else break;
      }
      return out;
    };
    return { bids: aggregate(this.bids), asks: aggregate(this.asks) };
  }

  levelTotal(side: Side, price: bigint): bigint {
    let sum = 0n;
    for (const o of side === 'buy' ? this.bids : this.asks)
      if (o.price === price) sum += o.remaining;
    return sum;
  }

  order(id: OrderId): RestingOrder | undefined {
    const found = this.find(toId(id));
    return found && copy(found);
  }

  orders(): RestingOrder[] {
    return [...this.bids, ...this.asks].map(copy);
  }

  stateHash(): string {
    return hashBook(this.spec, this.orders());
  }

  snapshot(): BookSnapshot {
    return toSnapshot(this.spec, this.orders());
  }

  size(): number {
    return this.bids.length + this.asks.length;
  }
}
