/** Small deterministic randomness: a keyed 32-bit hash and the mulberry32 generator. */

function mix(h: number): number {
  // murmur3's finaliser: spreads every input bit over the whole word.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of numbers (any integer up to 2^53) and strings, e.g. (seed, symbol, day). */
export function hashKey(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5;
  const feed = (word: number) => {
    h = mix(Math.imul(h ^ word, 0x01000193) >>> 0);
  };
  for (const part of parts) {
    if (typeof part === 'number') {
      feed(part >>> 0);
      feed(Math.floor(part / 0x1_0000_0000) >>> 0);
    } else {
      for (let i = 0; i < part.length; i++) feed(part.charCodeAt(i));
      feed(0xffff_ffff);
    }
  }
  return h;
}

/** mulberry32: a fast generator of floats in [0, 1), fully determined by its seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller); consumes exactly two uniforms. */
export function normal(rand: () => number): number {
  const u = 1 - rand(); // (0, 1]: log(0) never happens
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Standard normal draws from `rand` by Marsaglia's polar method: two per accepted pair of
 * uniforms, one log and no trigonometry, so bulk generation is about twice as fast.
 */
export function normals(rand: () => number): () => number {
  let spare = NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const z = spare;
      spare = NaN;
      return z;
    }
    let x: number;
    let y: number;
    let r: number;
    do {
      x = 2 * rand() - 1;
      y = 2 * rand() - 1;
      r = x * x + y * y;
    } while (r >= 1 || r === 0);
    const f = Math.sqrt((-2 * Math.log(r)) / r);
    spare = y * f;
    return x * f;
  };
}
