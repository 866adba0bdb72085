/**
 * A price-ordered book of triggers (contract stops and liquidations, spot stop orders), and the
 * exact prices contracts compare: bigints scaled by 10^18 (what numeric(36,18) holds; spot keys
 * are the engine's price units). Entries sit so that the next one to fire is the last: a price
 * pops from the end while it reaches the key, so a price costs O(1 + fired) and a change
 * O(log n) to find its place (plus the array move of a splice).
 */

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
