import { describe, expect, it } from 'vitest';
import { SeenIds } from '../../../src/main/exports/seen-ids';
import { createRng } from '../../../src/sandbox/prng';

describe('SeenIds', () => {
  it('tells a new id from one already added, across every growth of its tables', () => {
    const seen = new SeenIds();
    const rng = createRng(3);
    const ids = Array.from({ length: 200_000 }, () => rng.uuid());
    expect(ids.filter((id) => seen.add(id))).toHaveLength(200_000);
    expect(seen.size).toBe(200_000);
    expect(ids.filter((id) => seen.add(id))).toEqual([]);
    expect(seen.size).toBe(200_000);
    // Ids that differ in one character, or only in length, are different ids.
    for (const id of ['', 'a', 'b', 'ab', 'ba', 'a\u0000', '\u0000a', 'act-1', 'act-10', 'act-01'])
      expect(seen.add(id)).toBe(true);
    expect(seen.add('act-10')).toBe(false);
  });
});
