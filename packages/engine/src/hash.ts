import type { PairSpec, RestingOrder } from './types.ts';

/**
 * 64-bit FNV-1a as 16 hex digits. The 64-bit state is kept in two 32-bit halves so it runs fast
 * on plain numbers in Node and browsers alike (no bigint per byte, no crypto module).
 */
export function fnv1a64(bytes: Uint8Array): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of bytes) {
    lo = (lo ^ byte) >>> 0;
    // × 0x100000001b3 = × 0x1b3 plus << 40 (which only moves lo into hi).
    const low = lo * 0x1b3;
    hi = (Math.imul(hi, 0x1b3) + Math.floor(low / 0x100000000) + (lo << 8)) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

const encoder = new TextEncoder();

/** Hash of the spec and the resting orders in priority order (bids best first, then asks). */
export function hashBook(spec: Readonly<PairSpec>, orders: Iterable<RestingOrder>): string {
  const parts = [
    `hx-engine/1|${spec.symbol}|${spec.priceScale}|${spec.amountScale}|${spec.tick}|${spec.step}`,
  ];
  for (const o of orders) {
    parts.push(
      `${o.side === 'buy' ? 'B' : 'S'}${o.price}:${o.id}:${o.user}:${o.remaining}:${o.amount}:${o.time}`,
    );
  }
  return fnv1a64(encoder.encode(parts.join('|')));
}
