/**
 * Seeded pseudo-random numbers for the reference service's world. Everything the seed
 * generates comes from here (never Math.random), so one seed gives byte-identical data.
 *
 * `fork(label)` derives an independent stream from the root seed and a label, so adding a
 * draw in one part of the world does not shift the numbers of every other part.
 */

/** 32-bit FNV-1a followed by a murmur3 finalizer: a well-mixed hash of a string. */
export function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a small, fast generator with a 32-bit state. Returns floats in [0, 1). */
export function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform float in [min, max). */
  float(min: number, max: number): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** Normal deviate (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** exp(normal(0, sigma)): a multiplicative noise factor around 1. */
  logNormal(sigma: number): number;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** n distinct items in random order (all of them when n >= length). */
  sample<T>(items: readonly T[], n: number): T[];
  /** n lowercase hex characters. */
  hex(n: number): string;
  /** n characters drawn from an alphabet (default upper-case letters and digits). */
  chars(n: number, alphabet?: string): string;
  /** n decimal digits, the first one non-zero. */
  digits(n: number): string;
  /** An independent stream derived from this stream's seed and the label. */
  fork(label: string): Rng;
}

const UPPER_ALNUM = "ABCDEFGHIJKLMNPQRSTUVWXYZ0123456789";

function makeRng(seedText: string): Rng {
  const next = mulberry32(hashString(seedText));
  const rng: Rng = {
    next,
    float: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      if (entries.length === 0 || total <= 0) throw new Error("weighted pick needs positive weights");
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      return (entries[entries.length - 1] as readonly [T, number])[0];
    },
    normal(mean = 0, sd = 1) {
      const u = 1 - next(); // (0, 1]
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    logNormal: (sigma) => Math.exp(rng.normal(0, sigma)),
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i] as T;
        out[i] = out[j] as T;
        out[j] = tmp;
      }
      return out;
    },
    sample: (items, n) => rng.shuffle(items).slice(0, Math.max(0, n)),
    hex(n) {
      let s = "";
      while (s.length < n)
        s += Math.floor(next() * 4294967296)
          .toString(16)
          .padStart(8, "0");
      return s.slice(0, n);
    },
    chars(n, alphabet = UPPER_ALNUM) {
      let s = "";
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
    digits(n) {
      let s = String(1 + Math.floor(next() * 9));
      for (let i = 1; i < n; i++) s += String(Math.floor(next() * 10));
      return s;
    },
    fork: (label) => makeRng(`${seedText}/${label}`),
  };
  return rng;
}

/** The root stream of a seed. A number seeds the same world as its decimal string. */
export function createRng(seed: string | number): Rng {
  return makeRng(String(seed));
}
