/**
 * The ids an export has written, for dropping rows the platform repeats across pages, in memory
 * that does not depend on the ids' text: each id is kept as a 64-bit hash in open-addressing
 * tables of Uint32Arrays, at most seven eighths full (9–14 bytes per id; issue 30: at three
 * quarters full, 1,000,000 ids took 14.5 MB, at seven eighths 9.6 MB, for a few more probes per
 * add). A Set of the id strings cost about 80 bytes per id, and each id cut from a chunk of the
 * body kept the whole chunk alive: +377 MB at 1,000,000 rows (bench/export-million.ts). The table
 * is split in 256 shards that grow one at a time by half, so growing never holds two copies of the
 * whole table.
 *
 * Two different ids share a 64-bit hash with probability about n² / 2⁶⁵: 3 × 10⁻⁸ for a whole
 * 1,000,000-row export; such a row would be counted in `duplicatesDropped`, not lost silently.
 */
const SHARDS = 256;
const INITIAL_SHARD_CAPACITY = 16;

interface Shard {
  hi: Uint32Array;
  lo: Uint32Array;
  size: number;
}

const newShard = (capacity: number): Shard => ({
  hi: new Uint32Array(capacity),
  lo: new Uint32Array(capacity),
  size: 0,
});

export class SeenIds {
  private readonly shards: Shard[] = Array.from({ length: SHARDS }, () => newShard(INITIAL_SHARD_CAPACITY));
  size = 0;

  /** Adds `id`; answers false when it was there already. */
  add(id: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c ^ id.length;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 13;
    }
    h1 = fmix(h1);
    h2 = fmix(h2) || 1; // (x, 0) marks an empty slot
    const shard = this.shards[h2 & (SHARDS - 1)] as Shard;
    if (!insert(shard, h1, h2)) return false;
    this.size++;
    if (++shard.size * 8 > shard.hi.length * 7) grow(shard);
    return true;
  }
}

function insert(shard: Shard, h1: number, h2: number): boolean {
  const { hi, lo } = shard;
  let slot = h1 % hi.length;
  for (;;) {
    const l = lo[slot] as number;
    if (l === 0) {
      hi[slot] = h1;
      lo[slot] = h2;
      return true;
    }
    if (l === h2 && hi[slot] === h1) return false;
    if (++slot === hi.length) slot = 0;
  }
}

function grow(shard: Shard): void {
  const { hi, lo } = shard;
  const capacity = Math.ceil(hi.length * 1.5);
  shard.hi = new Uint32Array(capacity);
  shard.lo = new Uint32Array(capacity);
  for (let i = 0; i < hi.length; i++) {
    if (lo[i] !== 0) insert(shard, hi[i] as number, lo[i] as number);
  }
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
