/**
 * A seeded generator for tests that make many inputs: the same seed gives the same run, so a
 * failure names an input that fails again. mulberry32: small, fast, good enough to spread inputs;
 * not for anything secret.
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
