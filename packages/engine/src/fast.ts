import { accepted, cancelled, done, rejected, resting, trade } from './events.ts';
import { hashBook } from './hash.ts';
import { PriceLevels, type OrderNode } from './levels.ts';
import { toSnapshot } from './snapshot.ts';
import { affordable, checkSpec, rejection, toId, untilReason } from './validate.ts';
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

const copy = (n: OrderNode): RestingOrder => ({
  id: n.id,
  user: n.user,
  side: n.side,
  price: n.price,
  amount: n.amount,
  remaining: n.remaining,
  time: n.time,
});

/**
 * The book the server runs: sorted price levels per side (best level O(1)), a FIFO linked list
 * per level, and a Map from order id to its node, so a cancel is O(1) plus, when the level
 * empties, removing that level.
 */
export class FastBook implements Book {
  readonly kind = 'fast';
  readonly spec: Readonly<PairSpec>;
  private readonly bids = new PriceLevels('buy');
  private readonly asks = new PriceLevels('sell');
  private readonly byId = new Map<bigint, OrderNode>();

  constructor(spec: PairSpec) {
    this.spec = checkSpec(spec);
  }

  apply(command: Command): Event[] {
    const id = toId(command.id);
    if (command.type === 'cancel') return this.cancel(id);
    const { user, side } = command;
    const opposite = side === 'buy' ? this.asks : this.bids;
    const code = rejection(this.spec, command, this.byId.has(id), opposite.best()?.price ?? null);
    if (code) return [rejected(id, code)];

    const events = [accepted(id, user, side, command.type)];
    if (command.type === 'limit' && command.timeInForce === 'fok') {
      if (opposite.fillable(command.price, user, command.amount) < command.amount) {
        events.push(cancelled(id, user, side, command.amount, 'fok'));
        return events;
      }
    }
    const limit = command.type === 'limit' ? command.price : null;
    const step = this.spec.step;
    let remaining = 'amount' in command ? command.amount : null;
    let funds = 'funds' in command ? command.funds : null;
    for (let level = opposite.best(); level; level = opposite.best()) {
      const price = level.price;
      if (limit !== null && (side === 'buy' ? price > limit : price < limit)) break;
      // Only a market buy has a cap per level: the whole steps its funds still buy here.
      const cap = funds === null ? null : affordable(funds, price, step);
      if (cap === 0n) break;
      const maker = level.head!;
      let amount = maker.remaining;
      if (remaining !== null && remaining < amount) amount = remaining;
      if (cap !== null && cap < amount) amount = cap;
      if (maker.user === user) {
        this.remove(maker);
        events.push(cancelled(maker.id, maker.user, maker.side, maker.remaining, 'self-trade'));
        continue;
      }
      events.push(trade(maker, id, user, amount));
      if (amount === maker.remaining) {
        this.remove(maker);
        events.push(done(maker.id));
      } else {
        opposite.fill(maker, amount);
      }
      if (remaining !== null) remaining -= amount;
      if (funds !== null) funds -= price * amount;
      if (remaining === 0n || funds === 0n) break;
    }

    if (remaining === 0n || funds === 0n) {
      events.push(done(id));
    } else if (command.type === 'limit' && remaining !== null) {
      const tif = command.timeInForce ?? 'gtc';
      if (tif === 'gtc') {
        const time = command.time ?? 0;
        this.add({ id, user, side, price: command.price, amount: command.amount, remaining, time });
        events.push(resting(id, side, command.price, remaining));
      } else {
        events.push(cancelled(id, user, side, remaining, untilReason(tif)));
      }
    } else if (funds !== null) {
      // Funds left while asks remain buy less than one step at the best of them: dust.
      const reason = opposite.best() ? 'dust' : 'market-remainder';
      events.push(cancelled(id, user, side, funds, reason, 'quote'));
    } else if (remaining !== null) {
      events.push(cancelled(id, user, side, remaining, 'market-remainder'));
    }
    return events;
  }

  private cancel(id: bigint): Event[] {
    const node = this.byId.get(id);
    if (!node) return [rejected(id, 'UnknownOrder')];
    this.remove(node);
    return [cancelled(id, node.user, node.side, node.remaining, 'user')];
  }

  private add(order: RestingOrder): void {
    const levels = order.side === 'buy' ? this.bids : this.asks;
    this.byId.set(order.id, levels.append(order));
  }

  private remove(node: OrderNode): void {
    (node.side === 'buy' ? this.bids : this.asks).unlink(node);
    this.byId.delete(node.id);
  }

  /** Fills an empty book from orders in priority order (see restoreBook). */
  load(orders: Iterable<RestingOrder>): void {
    for (const o of orders) this.add(o);
  }

  bestBid(): bigint | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): bigint | null {
    return this.asks.best()?.price ?? null;
  }

  depth(levels: number): DepthView {
    return { bids: this.bids.depth(levels), asks: this.asks.depth(levels) };
  }

  levelTotal(side: Side, price: bigint): bigint {
    return (side === 'buy' ? this.bids : this.asks).total(price);
  }

  order(id: OrderId): RestingOrder | undefined {
    const node = this.byId.get(toId(id));
    return node && copy(node);
  }

  orders(): RestingOrder[] {
    return [...this.bids.nodes(), ...this.asks.nodes()].map(copy);
  }

  stateHash(): string {
    return hashBook(this.spec, this.orders());
  }

  snapshot(): BookSnapshot {
    return toSnapshot(this.spec, this.orders());
  }

  size(): number {
    return this.byId.size;
  }
}
