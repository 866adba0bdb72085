/**
 * The price triggers of open positions: stops, limit entries and liquidation prices, per symbol,
 * side and kind, each in its own price-ordered array. Pure and synchronous, no I/O.
 *
 * Prices are bigints scaled by 10^18 (what numeric(36,18) holds), so every comparison is exact.
 * Each book keeps its entries sorted so that the next one to fire is the last: a tick pops from
 * the end while the price reaches the key, so a tick costs O(1 + fired) and a change O(log n)
 * to find its place (plus the array move of a splice).
 */

export type Side = 'long' | 'short';
export type TriggerKind = 'stop_profit' | 'stop_loss' | 'liquidation' | 'entry';
export type Direction = 'up' | 'down';

/** 10^18: prices are integers in these units. */
export const SCALE = 10n ** 18n;

/** A decimal string (at most 18 decimals, no sign) as a scaled bigint. */
export function scaled(value: string): bigint {
  const [int = '0', frac = ''] = value.split('.');
  if (frac.length > 18) throw new Error(`more than 18 decimals: ${value}`);
  return BigInt((int || '0') + frac.padEnd(18, '0'));
}

/** A scaled bigint back to a plain decimal string. */
export function unscaled(value: bigint): string {
  const int = value / SCALE;
  const frac = (value % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

/**
 * Which way a trigger fires: `up` when the price rises to the key (price ≥ key), `down` when it
 * falls to it (price ≤ key). Long stop profit is up, long stop loss and liquidation down; the
 * short side mirrors. A long limit entry fires when the ask falls to its price, a short one when
 * the bid rises to it.
 */
export const DIRECTION: Record<Side, Record<TriggerKind, Direction>> = {
  long: { stop_profit: 'up', stop_loss: 'down', liquidation: 'down', entry: 'down' },
  short: { stop_profit: 'down', stop_loss: 'up', liquidation: 'up', entry: 'up' },
};

/** One price-ordered book; ties fire in id order (the older position first). */
export class Book {
  readonly keys: bigint[] = [];
  readonly ids: number[] = [];

  constructor(readonly direction: Direction) {}

  get size(): number {
    return this.keys.length;
  }

  /** True when (k1, id1) sits before (k2, id2): the later an entry sits, the sooner it fires. */
  private before(k1: bigint, id1: number, k2: bigint, id2: number): boolean {
    if (k1 !== k2) return this.direction === 'up' ? k1 > k2 : k1 < k2;
    return id1 > id2;
  }

  /** The first index whose entry does not sit before (key, id). */
  private seek(key: bigint, id: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(this.keys[mid]!, this.ids[mid]!, key, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Appends without ordering: call `sort()` once after a bulk load. */
  push(key: bigint, id: number): void {
    this.keys.push(key);
    this.ids.push(id);
  }

  sort(): void {
    const order = this.keys.map((_, i) => i);
    order.sort((a, b) =>
      this.before(this.keys[a]!, this.ids[a]!, this.keys[b]!, this.ids[b]!) ? -1 : 1,
    );
    const keys = order.map((i) => this.keys[i]!);
    const ids = order.map((i) => this.ids[i]!);
    this.keys.splice(0, keys.length, ...keys);
    this.ids.splice(0, ids.length, ...ids);
  }

  add(key: bigint, id: number): void {
    const at = this.seek(key, id);
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: bigint, id: number): boolean {
    const at = this.seek(key, id);
    if (this.keys[at] !== key || this.ids[at] !== id) return false;
    this.keys.splice(at, 1);
    this.ids.splice(at, 1);
    return true;
  }

  /** Pops every entry the price reaches, in firing order. */
  fire(price: bigint, out: { id: number; key: bigint }[]): void {
    const up = this.direction === 'up';
    for (let i = this.keys.length - 1; i >= 0; i--) {
      const key = this.keys[i]!;
      if (up ? price < key : price > key) break;
      out.push({ id: this.ids[i]!, key });
      this.keys.pop();
      this.ids.pop();
    }
  }
}

export interface Fired {
  id: number;
  kind: TriggerKind;
  /** The trigger's own price (the stop, the limit, the liquidation price). */
  key: bigint;
}

export type Triggers = Partial<Record<TriggerKind, bigint>>;

interface Tracked {
  symbol: string;
  side: Side;
  triggers: Triggers;
}

const KINDS: readonly TriggerKind[] = ['entry', 'stop_profit', 'stop_loss', 'liquidation'];

/** The prices one tick is compared with: the mark (the recorded price), and the entry prices. */
export interface TickPrices {
  mark: bigint;
  /** What a long entry pays (mark plus spread). */
  ask: bigint;
  /** What a short entry gets (mark less spread). */
  bid: bigint;
}

/** Every open position's triggers, by symbol, side and kind. */
export class TriggerIndex {
  private books = new Map<string, Book>();
  private positions = new Map<number, Tracked>();

  private book(symbol: string, side: Side, kind: TriggerKind): Book {
    const name = `${symbol}|${side}|${kind}`;
    let book = this.books.get(name);
    if (!book) {
      book = new Book(DIRECTION[side][kind]);
      this.books.set(name, book);
    }
    return book;
  }

  get size(): number {
    return this.positions.size;
  }

  has(id: number): boolean {
    return this.positions.has(id);
  }

  triggersOf(id: number): Triggers | undefined {
    return this.positions.get(id)?.triggers;
  }

  /** Sets a position's triggers, replacing the ones it had. */
  set(id: number, symbol: string, side: Side, triggers: Triggers): void {
    this.remove(id);
    const kept: Triggers = {};
    for (const kind of KINDS) {
      const key = triggers[kind];
      if (key === undefined) continue;
      this.book(symbol, side, kind).add(key, id);
      kept[kind] = key;
    }
    this.positions.set(id, { symbol, side, triggers: kept });
  }

  /** Loads many positions at once (a start): one sort per book instead of one insert each. */
  load(entries: Iterable<{ id: number; symbol: string; side: Side; triggers: Triggers }>): void {
    const touched = new Set<Book>();
    for (const { id, symbol, side, triggers } of entries) {
      this.remove(id);
      const kept: Triggers = {};
      for (const kind of KINDS) {
        const key = triggers[kind];
        if (key === undefined) continue;
        const book = this.book(symbol, side, kind);
        book.push(key, id);
        touched.add(book);
        kept[kind] = key;
      }
      this.positions.set(id, { symbol, side, triggers: kept });
    }
    for (const book of touched) book.sort();
  }

  /** Forgets a position (closed, cancelled). */
  remove(id: number): void {
    const tracked = this.positions.get(id);
    if (!tracked) return;
    for (const kind of KINDS) {
      const key = tracked.triggers[kind];
      if (key !== undefined) this.book(tracked.symbol, tracked.side, kind).remove(key, id);
    }
    this.positions.delete(id);
  }

  /**
   * Everything one tick of `symbol` reaches, at most one trigger per position, removed from the
   * index (a position whose trigger fired is forgotten; the caller sets it again if it lives on,
   * e.g. a filled limit entry that now holds stops). When a tick reaches both the stop loss and
   * the liquidation price, the one the price crossed first fires (stop loss on a tie).
   */
  fire(symbol: string, prices: TickPrices): Fired[] {
    const fired: Fired[] = [];
    const popped: { id: number; key: bigint }[] = [];
    for (const side of ['long', 'short'] as const) {
      for (const kind of KINDS) {
        const book = this.books.get(`${symbol}|${side}|${kind}`);
        if (!book || book.size === 0) continue;
        const price = kind !== 'entry' ? prices.mark : side === 'long' ? prices.ask : prices.bid;
        popped.length = 0;
        book.fire(price, popped);
        for (const { id, key } of popped) fired.push({ id, kind, key });
      }
    }
    if (fired.length === 0) return fired;
    const chosen = new Map<number, Fired>();
    for (const f of fired) {
      const seen = chosen.get(f.id);
      if (!seen || crossedFirst(this.positions.get(f.id)!.side, f, seen)) chosen.set(f.id, f);
    }
    for (const id of chosen.keys()) this.remove(id);
    return [...chosen.values()].sort((a, b) => a.id - b.id);
  }
}

/** Of two triggers one tick reached, whether `a` was crossed before `b` on the way there. */
function crossedFirst(side: Side, a: Fired, b: Fired): boolean {
  if (a.key !== b.key) {
    // Stop profit and a loss trigger never fire together (they lie on either side of the price).
    const up = DIRECTION[side][a.kind] === 'up';
    return up ? a.key < b.key : a.key > b.key;
  }
  return a.kind === 'stop_loss';
}

/**
 * The prices of one tick: the mark itself, and the entry prices a limit order compares with, the
 * spread added for a long (rounded up to the price grid) and taken off for a short (rounded down),
 * as math.entryPrice does. `spread` is a rate with at most 8 decimals.
 */
const SPREADS = new Map<string, bigint>();

export function tickPrices(price: string, spread: string, priceDecimals: number): TickPrices {
  const mark = scaled(price);
  let s = SPREADS.get(spread);
  if (s === undefined) SPREADS.set(spread, (s = scaled(spread) / 10n ** 10n)); // in 10^-8
  const unit = 10n ** 8n * 10n ** BigInt(18 - priceDecimals);
  const up = mark * (10n ** 8n + s);
  const down = mark * (10n ** 8n - s);
  const ask = ((up + unit - 1n) / unit) * (unit / 10n ** 8n);
  const bid = (down / unit) * (unit / 10n ** 8n);
  return { mark, ask, bid };
}
