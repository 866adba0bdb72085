import { coins, type Db } from '@hx/db';
import { balances } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { Clock } from '../../../lib/clock.ts';
import { Hub, payloadOf, type Connection } from '../../../ws/hub.ts';
import type { SpotService } from '../../spot/service.ts';
import { fillsOf, orderRow } from '../orders.ts';
import { clientIdOf, formatsOf, listIdOf, statusOf, typeOf, type OrderRow } from '../order-view.ts';
import type { TradeRow } from '../order-view.ts';
import type { Pair } from '../../spot/pair.ts';

/** Where a user's events go: a listenKey socket (raw) or a WebSocket API subscription. */
export interface UserSink {
  event(event: object): void;
}

export interface UserFeedDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  spot: Pick<SpotService, 'pairs'>;
}

interface Follower {
  sinks: Set<UserSink>;
  /** Balances as last told (asset → [free, locked]). */
  held: Map<string, [string, string]> | null;
  /** Each order's fills already reported, by order id. */
  reported: Map<number, number>;
  /** An order event came since the balances were last read (the change is a trade's). */
  traded: boolean;
  queue: Promise<void>;
  /** This user's listener on the hub (private channels are keyed per user). */
  tap: Connection;
}

const ORDERS = 'orders';
const BALANCES = 'balances';

/**
 * The user data stream (user-data-stream.md) of the users followed on this process: our private
 * `orders` and `balances` channels (through the bus in a cluster) become executionReport,
 * listStatus, outboundAccountPosition and balanceUpdate. An order change is read back with its
 * fills, so each new fill is one TRADE report; a balance change is read from the spot account
 * and the assets that changed are told; a change no order explains (a deposit, a transfer)
 * is also a balanceUpdate.
 */
export class UserFeed {
  private readonly users = new Map<number, Follower>();

  constructor(private readonly deps: UserFeedDeps) {}

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** Starts telling `sink` the user's events; resolves once the balances are known. */
  async subscribe(userId: number, sink: UserSink): Promise<void> {
    let follower = this.users.get(userId);
    if (!follower) {
      const tap: Connection = this.deps.hub.attach({
        bufferedAmount: 0,
        readyState: 1,
        sendFrame: (frame) => this.heard(userId, payloadOf(frame).toString()),
        sendText: () => undefined,
        close: () => tap.touch(), // never idle: it is this process listening
        terminate: () => undefined,
      });
      follower = {
        sinks: new Set(),
        held: null,
        reported: new Map(),
        traded: false,
        queue: Promise.resolve(),
        tap,
      };
      this.users.set(userId, follower);
      this.deps.hub.subscribe(tap, Hub.key(ORDERS, userId), false);
      this.deps.hub.subscribe(tap, Hub.key(BALANCES, userId), false);
      const f = follower;
      f.queue = f.queue.then(async () => void (f.held = await this.holdings(userId)));
    }
    follower.sinks.add(sink);
    await follower.queue;
  }

  unsubscribe(userId: number, sink: UserSink): void {
    const follower = this.users.get(userId);
    if (!follower?.sinks.delete(sink) || follower.sinks.size > 0) return;
    this.users.delete(userId);
    this.deps.hub.detach(follower.tap);
  }

  close(): void {
    for (const follower of this.users.values()) this.deps.hub.detach(follower.tap);
    this.users.clear();
  }

  /** Our channel message `{"ch","seq","data"}` for a followed user, handled in arrival order. */
  private heard(userId: number, text: string): void {
    const follower = this.users.get(userId);
    if (!follower) return;
    const { ch, data } = JSON.parse(text) as { ch: string; data: { id?: number } };
    follower.queue = follower.queue
      .then(() =>
        ch === ORDERS && data.id !== undefined
          ? this.orderChanged(follower, data.id)
          : this.moved(userId, follower),
      )
      .catch(() => undefined); // the next change reads everything again
  }

  private tell(follower: Follower, event: object): void {
    for (const sink of follower.sinks) sink.event(event);
  }

  private async orderChanged(follower: Follower, id: number): Promise<void> {
    const row = await orderRow(this.deps.db, id);
    const pair = this.deps.spot.pairs.get(row.symbol);
    if (!pair) return;
    follower.traded = true;
    const fills = await fillsOf(this.deps.db, id);
    const seen = follower.reported.get(id);
    const now = this.now();
    if (seen === undefined) {
      this.tell(follower, executionReport(pair, row, now, { x: 'NEW', status: 'NEW' }));
      if (row.ocoId !== null && row.id < row.ocoId) this.tell(follower, listStatus(pair, row, now));
    }
    let count = seen ?? 0;
    let filled = new Decimal(0);
    let quote = new Decimal(0);
    for (const [i, fill] of fills.entries()) {
      filled = filled.plus(fill.amount);
      quote = quote.plus(fill.quote);
      if (i < count) continue;
      const done = i === fills.length - 1 && row.status === 'completed';
      const status = done ? 'FILLED' : 'PARTIALLY_FILLED';
      this.tell(
        follower,
        executionReport(pair, row, now, { x: 'TRADE', status, fill, filled, quote }),
      );
    }
    count = fills.length;
    follower.reported.set(id, count);
    const status = statusOf(row);
    if (row.status === 'cancelled') {
      const x = status === 'CANCELED' ? 'CANCELED' : 'EXPIRED';
      this.tell(follower, executionReport(pair, row, now, { x, status }));
    }
    if (row.status !== 'waiting') {
      follower.reported.delete(id);
      if (row.ocoId !== null && row.id < row.ocoId)
        this.tell(follower, listStatus(pair, row, now, true));
    }
  }

  /** The spot account's balances by asset. */
  private async holdings(userId: number): Promise<Map<string, [string, string]>> {
    const [held, list] = await Promise.all([
      balances(this.deps.db, userId, { sub: 'currency' }),
      this.deps.db.select({ id: coins.id, name: coins.name }).from(coins),
    ]);
    const names = new Map(list.map((c) => [c.id, c.name]));
    const out = new Map<string, [string, string]>();
    for (const b of held) {
      const asset = names.get(b.coin);
      if (asset) out.set(asset, [eight(b.available), eight(b.frozen)]);
    }
    return out;
  }

  private async moved(userId: number, follower: Follower): Promise<void> {
    const before = follower.held ?? new Map<string, [string, string]>();
    const after = await this.holdings(userId);
    follower.held = after;
    const changed = [...after].filter(([asset, [f, l]]) => {
      const was = before.get(asset);
      return !was || was[0] !== f || was[1] !== l;
    });
    if (changed.length === 0) return;
    const now = this.now();
    if (!follower.traded)
      for (const [asset, [f, l]] of changed) {
        const [wf, wl] = before.get(asset) ?? ['0', '0'];
        const d = new Decimal(f).plus(l).minus(wf).minus(wl);
        if (!d.isZero())
          this.tell(follower, { e: 'balanceUpdate', E: now, a: asset, d: d.toFixed(8), T: now });
      }
    follower.traded = false;
    this.tell(follower, {
      e: 'outboundAccountPosition',
      E: now,
      u: now,
      B: changed.map(([a, [f, l]]) => ({ a, f, l })),
    });
  }
}

const eight = (text: string) => new Decimal(text).toFixed(8, Decimal.ROUND_DOWN);

interface Execution {
  x: 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED';
  status: string;
  fill?: TradeRow;
  filled?: Decimal;
  quote?: Decimal;
}

/** An executionReport (user-data-stream.md, "Order Update") in Binance's field order. */
export function executionReport(pair: Pair, row: OrderRow, now: number, e: Execution) {
  const f = formatsOf(pair);
  const fill = e.fill;
  const maker = fill ? fill.makerOrderId === row.id : false;
  const fee = fill ? new Decimal(maker ? fill.makerFee : fill.takerFee) : null;
  const filled = e.filled ?? (e.x === 'NEW' ? new Decimal(0) : new Decimal(row.filled));
  const quote = e.quote ?? (e.x === 'NEW' ? new Decimal(0) : new Decimal(row.filledQuote));
  const working = row.trigger !== 'pending';
  return {
    e: 'executionReport',
    E: now,
    s: pair.symbol,
    c: clientIdOf(row),
    S: row.side.toUpperCase(),
    o: typeOf(row),
    f: row.timeInForce.toUpperCase(),
    q: f.qty(row.amount),
    p: f.price(row.price),
    P: f.price(row.stopPrice),
    F: f.qty('0'),
    g: listIdOf(row),
    C: '',
    x: e.x,
    X: e.status,
    r: 'NONE',
    i: row.id,
    l: f.qty(fill?.amount ?? '0'),
    z: f.qty(filled.toFixed()),
    L: f.price(fill?.price ?? '0'),
    n: fee ? fee.toFixed(8) : '0',
    N: fill ? (row.side === 'buy' ? pair.base : pair.quote) : null,
    T: fill?.time ?? row.updatedAt,
    t: fill?.id ?? -1,
    I: fill ? fill.id * 2 + (maker ? 1 : 0) : row.id * 2,
    w: row.status === 'waiting' && working,
    m: maker,
    M: false,
    O: row.createdAt,
    Z: f.quote(quote.toFixed()),
    Y: f.quote(fill?.quote ?? '0'),
    Q: f.quote(row.type === 'market' && row.funds ? row.funds : '0'),
    ...(working ? { W: row.createdAt } : {}),
    V: 'NONE',
  };
}

/** An OCO's listStatus: started with its first leg, done when its limit leg ends. */
function listStatus(pair: Pair, row: OrderRow, now: number, done = false) {
  const other = row.ocoId!;
  return {
    e: 'listStatus',
    E: now,
    s: pair.symbol,
    g: listIdOf(row),
    c: 'OCO',
    l: done ? 'ALL_DONE' : 'EXEC_STARTED',
    L: done ? 'ALL_DONE' : 'EXECUTING',
    r: 'NONE',
    C: `list_${listIdOf(row)}`,
    T: now,
    O: [
      { s: pair.symbol, i: row.id, c: clientIdOf(row) },
      { s: pair.symbol, i: other, c: `web_${other}` },
    ],
  };
}
