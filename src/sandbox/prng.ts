/**
 * A small seeded PRNG (mulberry32) so that the same seed always yields the same data set. Each
 * collection derives its own stream from the seed and a label, so that changing how many records
 * one generator draws does not shift every other collection.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max], both inclusive. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `n` lower-case hex characters. */
  hex(n: number): string;
  /** A UUID-shaped id (version-4 layout), deterministic for the stream. */
  uuid(): string;
}

/** An Rng that can restart as `createRng(seed)` would: one object for many short streams. */
export interface ReseedableRng extends Rng {
  reseed(seed: number): void;
}

/** Byte → two hex digits: id generation is the hot loop of the `large` seed. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function createRng(seed: number): ReseedableRng {
  let state = seed >>> 0;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => uint32() / 4294967296;
  const int = (n: number): number => Math.floor(next() * n);
  const hex = (n: number): string => {
    let out = '';
    while (out.length < n) {
      const v = uint32();
      out +=
        (HEX_BYTE[v >>> 24] ?? '') +
        (HEX_BYTE[(v >>> 16) & 255] ?? '') +
        (HEX_BYTE[(v >>> 8) & 255] ?? '') +
        (HEX_BYTE[v & 255] ?? '');
    }
    return out.length === n ? out : out.slice(0, n);
  };
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
    hex,
    uuid: () => {
      const h = hex(32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    reseed: (next) => {
      state = next >>> 0;
    },
  };
}

/** FNV-1a of the label mixed with the seed: one independent stream per collection. */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const rngFor = (seed: number, label: string): Rng => createRng(deriveSeed(seed, label));
