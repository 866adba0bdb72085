import { Book, SCALE } from '../../lib/trigger-book.ts';

/**
 * The trailing stops of one symbol, side and unit. A long's stop sits `distance` below the highest
 * mark since it was set (its peak), or that percent of the peak below it; a short's mirrors.
 *
 * A tick that makes a new peak moves every stop whose peak it passes, and they then share one
 * peak: so stops are kept in groups of equal peak, each a pairing heap by distance (the tightest
 * at the root), the groups in an array ordered by peak with the one a rising mark passes first at
 * the end. A tick pops the groups it passes and melds them into one at the new peak: O(1) each,
 * and every group popped was created once (by a set or a tick), so moving costs O(1) amortised
 * per tick however many stops move, plus O(log n) to list the new group's stop. Each group's
 * tightest stop sits in a `Book` under a ticket, so what a tick reaches is found in O(1 + fired)
 * and each stop fired is an O(log n) amortised heap pop. Removals are lazy: a stop removed is
 * marked and dropped when it surfaces, a group's old ticket is dropped when the price reaches it;
 * each is rebuilt when most of what it holds is dead.
 */

export type TrailingUnit = 'price' | 'percent';
type Side = 'long' | 'short';

interface Entry {
  id: number;
  /** Scaled by 10^18: a price, or a percent (1.5% is 1.5 × 10^18). */
  distance: bigint;
  child: Entry | null;
  next: Entry | null;
  live: boolean;
  group: Group;
}

interface Group {
  peak: bigint;
  heap: Entry | null;
  /** The group's key in the stops book (its tightest stop), under `ticket`. */
  stop: bigint;
  ticket: number;
  live: number;
  /** Set when melded into another group (a union-find link, for `peakOf`). */
  into: Group | null;
}

const HUNDRED = 100n * SCALE;

function meld(a: Entry | null, b: Entry | null): Entry | null {
  if (!a) return b;
  if (!b) return a;
  if (b.distance < a.distance || (b.distance === a.distance && b.id < a.id)) [a, b] = [b, a];
  b.next = a.child;
  a.child = b;
  return a;
}

/** The heap without its root (two-pass pairing). */
function popRoot(root: Entry): Entry | null {
  const pairs: Entry[] = [];
  let node = root.child;
  root.child = null;
  while (node) {
    const a = node;
    const b = a.next;
    a.next = null;
    if (!b) {
      pairs.push(a);
      break;
    }
    node = b.next;
    b.next = null;
    pairs.push(meld(a, b)!);
  }
  let heap: Entry | null = null;
  for (let i = pairs.length - 1; i >= 0; i--) heap = meld(pairs[i]!, heap);
  return heap;
}

function rootOf(group: Group): Group {
  let g = group;
  while (g.into) g = g.into;
  // Path compression: later lookups go straight to the root.
  let h = group;
  while (h.into && h.into !== g) {
    const next: Group = h.into;
    h.into = g;
    h = next;
  }
  return g;
}

export class TrailingBook {
  private readonly groups: Group[] = [];
  private readonly entries = new Map<number, Entry>();
  /** The groups' stops, each under a ticket; a ticket not in `tickets` is an old one. */
  private readonly stops: Book;
  private readonly tickets = new Map<number, Group>();
  private nextTicket = 1;
  private dead = 0;

  constructor(
    readonly side: Side,
    readonly unit: TrailingUnit,
  ) {
    this.stops = new Book(side === 'long' ? 'down' : 'up');
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether a mark makes a new peak past `peak` (long: above it). */
  private passes(mark: bigint, peak: bigint): boolean {
    return this.side === 'long' ? mark > peak : mark < peak;
  }

  /** Where a stop `distance` from `peak` sits, rounded so `mark` compares exactly with it. */
  stopAt(peak: bigint, distance: bigint): bigint {
    if (this.unit === 'price') return this.side === 'long' ? peak - distance : peak + distance;
    if (this.side === 'long') return (peak * (HUNDRED - distance)) / HUNDRED; // floor
    const num = peak * (HUNDRED + distance);
    return (num + HUNDRED - 1n) / HUNDRED; // ceil
  }

  private reached(mark: bigint, stop: bigint): boolean {
    return this.side === 'long' ? mark <= stop : mark >= stop;
  }

  /** The index of the group with `peak`, or where it would go (groups ordered by peak). */
  private seek(peak: bigint): number {
    let lo = 0;
    let hi = this.groups.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      // The end holds the peak a new mark passes first (long: the lowest).
      const g = this.groups[mid]!.peak;
      if (g !== peak && this.passes(g, peak)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private newGroup(peak: bigint): Group {
    return { peak, heap: null, stop: 0n, ticket: 0, live: 0, into: null };
  }

  /** Puts the group's tightest stop in the stops book under a new ticket. */
  private list(g: Group): void {
    g.stop = this.stopAt(g.peak, g.heap!.distance);
    g.ticket = this.nextTicket++;
    this.tickets.set(g.ticket, g);
    this.stops.add(g.stop, g.ticket);
    // Old tickets the price never reaches: rebuilt once they outnumber the live ones.
    if (this.stops.size > 1024 && this.stops.size > 3 * this.tickets.size) this.relist();
  }

  /** Voids the group's ticket (its entry stays in the book until reached, or a rebuild). */
  private unlist(g: Group): void {
    this.tickets.delete(g.ticket);
  }

  private drop(g: Group): void {
    const at = this.seek(g.peak);
    if (this.groups[at] === g) this.groups.splice(at, 1);
    this.unlist(g);
  }

  /** Drops dead entries from the root, so a group's stop is always a live one. */
  private clean(g: Group): void {
    while (g.heap && !g.heap.live) {
      g.heap = popRoot(g.heap);
      this.dead--;
    }
  }

  /** Melds `b` into `a` (the caller sets the peak and lists `a`). */
  private union(a: Group, b: Group): Group {
    a.heap = meld(a.heap, b.heap);
    a.live += b.live;
    b.heap = null;
    b.into = a;
    this.unlist(b);
    return a;
  }

  add(id: number, distance: bigint, peak: bigint): void {
    this.remove(id);
    const at = this.seek(peak);
    let g = this.groups[at];
    if (g?.peak !== peak) {
      g = this.newGroup(peak);
      this.groups.splice(at, 0, g);
    }
    const entry: Entry = { id, distance, child: null, next: null, live: true, group: g };
    const root = g.heap;
    g.heap = meld(g.heap, entry);
    g.live++;
    this.entries.set(id, entry);
    // Listed again only when it is the group's tightest stop now.
    if (g.heap !== root) {
      if (root) this.unlist(g);
      this.list(g);
    }
  }

  remove(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.live = false;
    this.dead++;
    const g = rootOf(entry.group);
    g.live--;
    if (g.live === 0) {
      this.dead -= this.countDead(g.heap);
      this.drop(g);
    } else if (g.heap === entry) {
      // The tightest stop left: the group's stop moves to the next live one.
      this.unlist(g);
      this.clean(g);
      this.list(g);
    }
    if (this.dead > 1024 && this.dead > 2 * this.entries.size) this.load([]);
  }

  private countDead(heap: Entry | null): number {
    let n = 0;
    const stack = heap ? [heap] : [];
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (!e.live) n++;
      if (e.child) stack.push(e.child);
      if (e.next) stack.push(e.next);
    }
    return n;
  }

  peakOf(id: number): bigint | undefined {
    const entry = this.entries.get(id);
    return entry && rootOf(entry.group).peak;
  }

  /** Moves the stops whose peak `mark` passes to `mark`; true when any moved. */
  advance(mark: bigint): boolean {
    let merged: Group | null = null;
    for (let last = this.groups.at(-1); last && this.passes(mark, last.peak);) {
      this.groups.pop();
      this.unlist(last);
      merged = merged ? this.union(merged, last) : last;
      last = this.groups.at(-1);
    }
    if (!merged) return false;
    merged.peak = mark;
    const last = this.groups.at(-1);
    if (last?.peak === mark) {
      this.unlist(last);
      merged = this.union(last, merged);
    } else this.groups.push(merged);
    this.list(merged);
    return true;
  }

  /** Pops every stop `mark` reaches (call `advance` first), with the stop price each sat at. */
  fire(mark: bigint, out: { id: number; key: bigint }[]): void {
    const reached: { id: number; key: bigint }[] = [];
    this.stops.fire(mark, reached);
    for (const { id: ticket } of reached) {
      const g = this.tickets.get(ticket);
      if (!g) continue; // an old ticket
      this.tickets.delete(ticket);
      while (g.heap && this.reached(mark, this.stopAt(g.peak, g.heap.distance))) {
        const e = g.heap;
        out.push({ id: e.id, key: this.stopAt(g.peak, e.distance) });
        this.entries.delete(e.id);
        e.live = false;
        g.live--;
        g.heap = popRoot(e);
        this.clean(g);
      }
      if (g.heap) this.list(g);
      else this.drop(g);
    }
  }

  private relist(): void {
    this.stops.keys.length = 0;
    this.stops.ids.length = 0;
    for (const [ticket, g] of this.tickets) this.stops.push(g.stop, ticket);
    this.stops.sort();
  }

  /**
   * Loads many stops at once (a start): grouped by peak, then one sort for groups and stops.
   * Also rebuilds the heaps without their removed entries.
   */
  load(rows: Iterable<{ id: number; distance: bigint; peak: bigint }>): void {
    const all = new Map<number, { distance: bigint; peak: bigint }>();
    for (const e of this.entries.values())
      all.set(e.id, { distance: e.distance, peak: rootOf(e.group).peak });
    for (const r of rows) all.set(r.id, r);
    this.entries.clear();
    this.groups.length = 0;
    this.tickets.clear();
    this.dead = 0;
    const byPeak = new Map<bigint, Group>();
    for (const [id, { distance, peak }] of all) {
      let g = byPeak.get(peak);
      if (!g) byPeak.set(peak, (g = this.newGroup(peak)));
      const entry: Entry = { id, distance, child: null, next: null, live: true, group: g };
      g.heap = meld(g.heap, entry);
      g.live++;
      this.entries.set(id, entry);
    }
    for (const g of byPeak.values()) {
      this.groups.push(g);
      g.stop = this.stopAt(g.peak, g.heap!.distance);
      g.ticket = this.nextTicket++;
      this.tickets.set(g.ticket, g);
    }
    this.groups.sort((a, b) => (this.passes(a.peak, b.peak) ? -1 : 1));
    this.relist();
  }
}
