/**
 * The price triggers of open positions, per symbol and side: stops, limit entries and liquidation
 * prices each in a price-ordered book (book.ts), trailing stops in trailing books (one per unit),
 * and the liquidation warning. Pure and synchronous, no I/O; prices are bigints scaled by 10^18,
 * so every comparison is exact.
 *
 * A tick costs O(1 + fired) in the fixed-price books, and in the trailing books O(1) amortised to
 * move every stop whose peak it passes plus O(log n) amortised per trailing stop fired
 * (trailing-book.ts). Adding or moving a trigger costs O(log n) to find its place (plus the array
 * move of a splice).
 */
import { Book, scaled, type Direction } from '../../lib/trigger-book.ts';
import { TrailingBook, type TrailingUnit } from './trailing-book.ts';

export { Book, SCALE, scaled, unscaled, type Direction } from '../../lib/trigger-book.ts';
export type { TrailingUnit } from './trailing-book.ts';

export type Side = 'long' | 'short';
/** Triggers at a fixed price that close (or fill) a position. */
export type PriceKind = 'stop_profit' | 'stop_loss' | 'liquidation' | 'entry';
/** The liquidation warning (tells, closes nothing), and the price that re-arms it once given. */
export type WarningKind = 'warning' | 'rearm';
export type TriggerKind = PriceKind | 'trailing_stop' | WarningKind;

/**
 * Which way a trigger fires: `up` when the price rises to the key (price ≥ key), `down` when it
 * falls to it (price ≤ key). Long stop profit is up, long stop loss, trailing stop, liquidation
 * and its warning down; the short side mirrors. A long limit entry fires when the ask falls to
 * its price, a short one when the bid rises to it.
 */
export const DIRECTION: Record<Side, Record<TriggerKind, Direction>> = {
  long: {
    stop_profit: 'up',
    stop_loss: 'down',
    trailing_stop: 'down',
    liquidation: 'down',
    entry: 'down',
    warning: 'down',
    rearm: 'up',
  },
  short: {
    stop_profit: 'down',
    stop_loss: 'up',
    trailing_stop: 'up',
    liquidation: 'up',
    entry: 'up',
    warning: 'up',
    rearm: 'down',
  },
};

export interface Fired {
  id: number;
  kind: TriggerKind;
  /** The trigger's own price (the stop, the limit, the liquidation price, the warning price). */
  key: bigint;
}

/** A trailing stop: `distance` (a price, or a percent scaled like prices) from its `peak`. */
export interface Trailing {
  distance: bigint;
  unit: TrailingUnit;
  peak: bigint;
}

/** The liquidation warning: fires at `price` unless `warned`; once warned, re-armed at `rearm`. */
export interface Warning {
  price: bigint;
  rearm: bigint;
  warned: boolean;
}

export type Triggers = Partial<Record<PriceKind, bigint>> & {
  trailing?: Trailing;
  warning?: Warning;
};

interface Tracked {
  symbol: string;
  side: Side;
  triggers: Triggers;
}

const KINDS: readonly PriceKind[] = ['entry', 'stop_profit', 'stop_loss', 'liquidation'];
const BOOK_KINDS: readonly (PriceKind | WarningKind)[] = [...KINDS, 'warning', 'rearm'];
const UNITS: readonly TrailingUnit[] = ['price', 'percent'];
/** Which of two triggers one tick reached at the same price fires (the earlier in this list). */
const TIE_RANK: Partial<Record<TriggerKind, number>> = {
  stop_loss: 0,
  trailing_stop: 1,
  liquidation: 2,
  stop_profit: 3,
};

const armed = (w: Warning): [WarningKind, bigint] =>
  w.warned ? ['rearm', w.rearm] : ['warning', w.price];

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
  private trailing = new Map<string, TrailingBook>();
  private positions = new Map<number, Tracked>();

  private book(symbol: string, side: Side, kind: PriceKind | WarningKind): Book {
    const name = `${symbol}|${side}|${kind}`;
    let book = this.books.get(name);
    if (!book) {
      book = new Book(DIRECTION[side][kind]);
      this.books.set(name, book);
    }
    return book;
  }

  private trailingBook(symbol: string, side: Side, unit: TrailingUnit): TrailingBook {
    const name = `${symbol}|${side}|${unit}`;
    let book = this.trailing.get(name);
    if (!book) {
      book = new TrailingBook(side, unit);
      this.trailing.set(name, book);
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

  /** A trailing stop's peak now (the one it was set with, moved by the ticks since). */
  peakOf(id: number): bigint | undefined {
    const tracked = this.positions.get(id);
    const trailing = tracked?.triggers.trailing;
    if (!tracked || !trailing) return undefined;
    return this.trailingBook(tracked.symbol, tracked.side, trailing.unit).peakOf(id);
  }

  /** The triggers kept for a position (copies: the index changes its warning's state). */
  private kept(triggers: Triggers): Triggers {
    const kept: Triggers = {};
    for (const kind of KINDS) if (triggers[kind] !== undefined) kept[kind] = triggers[kind];
    if (triggers.trailing) kept.trailing = { ...triggers.trailing };
    if (triggers.warning) kept.warning = { ...triggers.warning };
    return kept;
  }

  /** Sets a position's triggers, replacing the ones it had. */
  set(id: number, symbol: string, side: Side, triggers: Triggers): void {
    this.remove(id);
    const kept = this.kept(triggers);
    for (const kind of KINDS) {
      const key = kept[kind];
      if (key !== undefined) this.book(symbol, side, kind).add(key, id);
    }
    const { trailing, warning } = kept;
    if (trailing)
      this.trailingBook(symbol, side, trailing.unit).add(id, trailing.distance, trailing.peak);
    if (warning) {
      const [kind, key] = armed(warning);
      this.book(symbol, side, kind).add(key, id);
    }
    this.positions.set(id, { symbol, side, triggers: kept });
  }

  /** Loads many positions at once (a start): one sort per book instead of one insert each. */
  load(entries: Iterable<{ id: number; symbol: string; side: Side; triggers: Triggers }>): void {
    const touched = new Set<Book>();
    const trailing = new Map<TrailingBook, { id: number; distance: bigint; peak: bigint }[]>();
    const push = (book: Book, key: bigint, id: number) => {
      book.push(key, id);
      touched.add(book);
    };
    for (const { id, symbol, side, triggers } of entries) {
      this.remove(id);
      const kept = this.kept(triggers);
      for (const kind of KINDS) {
        const key = kept[kind];
        if (key !== undefined) push(this.book(symbol, side, kind), key, id);
      }
      if (kept.warning) {
        const [kind, key] = armed(kept.warning);
        push(this.book(symbol, side, kind), key, id);
      }
      if (kept.trailing) {
        const book = this.trailingBook(symbol, side, kept.trailing.unit);
        let rows = trailing.get(book);
        if (!rows) trailing.set(book, (rows = []));
        rows.push({ id, distance: kept.trailing.distance, peak: kept.trailing.peak });
      }
      this.positions.set(id, { symbol, side, triggers: kept });
    }
    for (const book of touched) book.sort();
    for (const [book, rows] of trailing) book.load(rows);
  }

  /** Forgets a position (closed, cancelled). */
  remove(id: number): void {
    const tracked = this.positions.get(id);
    if (!tracked) return;
    const { symbol, side, triggers } = tracked;
    for (const kind of KINDS) {
      const key = triggers[kind];
      if (key !== undefined) this.book(symbol, side, kind).remove(key, id);
    }
    if (triggers.trailing) this.trailingBook(symbol, side, triggers.trailing.unit).remove(id);
    if (triggers.warning) {
      const [kind, key] = armed(triggers.warning);
      this.book(symbol, side, kind).remove(key, id);
    }
    this.positions.delete(id);
  }

  /**
   * Everything one tick of `symbol` reaches, at most one closing trigger per position, removed
   * from the index (a position whose trigger fired is forgotten; the caller sets it again if it
   * lives on, e.g. a filled limit entry that now holds stops). When a tick reaches several loss
   * triggers, the one the price crossed first fires (stop loss, then trailing stop, on a tie).
   * The mark first moves the trailing stops whose peak it passes (`moved` hears of it, per side).
   * A warning or re-arm stays in the index, swapped for the other, unless the position closes.
   */
  fire(symbol: string, prices: TickPrices, moved?: (side: Side, peak: bigint) => void): Fired[] {
    const fired: Fired[] = [];
    const popped: { id: number; key: bigint }[] = [];
    for (const side of ['long', 'short'] as const) {
      for (const unit of UNITS) {
        const book = this.trailing.get(`${symbol}|${side}|${unit}`);
        if (!book || book.size === 0) continue;
        if (book.advance(prices.mark)) moved?.(side, prices.mark);
        popped.length = 0;
        book.fire(prices.mark, popped);
        for (const { id, key } of popped) fired.push({ id, kind: 'trailing_stop', key });
      }
      for (const kind of BOOK_KINDS) {
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
    const notes: Fired[] = [];
    for (const f of fired) {
      if (f.kind === 'warning' || f.kind === 'rearm') notes.push(f);
      else {
        const seen = chosen.get(f.id);
        if (!seen || crossedFirst(this.positions.get(f.id)!.side, f, seen)) chosen.set(f.id, f);
      }
    }
    for (const id of chosen.keys()) this.remove(id);
    const out = [...chosen.values()];
    for (const note of notes) {
      const tracked = this.positions.get(note.id);
      if (!tracked?.triggers.warning) continue;
      // The warning given waits for its re-arm price, and the other way round.
      const warning = tracked.triggers.warning;
      warning.warned = note.kind === 'warning';
      const [kind, key] = armed(warning);
      this.book(tracked.symbol, tracked.side, kind).add(key, note.id);
      out.push(note);
    }
    return out.sort((a, b) => a.id - b.id);
  }
}

/** Of two closing triggers one tick reached, whether `a` was crossed before `b` on the way. */
function crossedFirst(side: Side, a: Fired, b: Fired): boolean {
  const up = DIRECTION[side][a.kind] === 'up';
  // A stop profit and a loss trigger lie on either side of the price: the loss side closes.
  if (up !== (DIRECTION[side][b.kind] === 'up')) return a.kind !== 'stop_profit';
  if (a.key !== b.key) return up ? a.key < b.key : a.key > b.key;
  return (TIE_RANK[a.kind] ?? 9) < (TIE_RANK[b.kind] ?? 9);
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
