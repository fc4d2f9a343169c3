/**
 * The address book's default sort (natural order of 20,000 names) ranks through
 * `@shared/sort-ranks`; its fast path (pre-order by padded keys, proved by neighbour comparisons)
 * must give exactly the ranks of a plain collator sort, whatever the text.
 */
import { describe, expect, it } from 'vitest';
import { rankRows } from '../../../../src/shared/sort-ranks';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The reference: sort with the collator alone; collator-equal values share the first one's rank. */
function referenceRanks(values: readonly string[]): number[] {
  const ordered = [...new Set(values)].sort(collator.compare);
  const rank = new Map<string, number>();
  ordered.forEach((v, i) => {
    const prev = ordered[i - 1];
    rank.set(v, prev !== undefined && collator.compare(prev, v) === 0 ? (rank.get(prev) as number) : i);
  });
  return values.map((v) => rank.get(v) as number);
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const PIECES = [
  'Address ',
  'address',
  'ADDRESS',
  'Ädress',
  'b',
  'Z',
  ' ',
  '-',
  '(',
  ')',
  '_',
  '.',
  'é',
  'e',
  '١٢',
  '٣',
];

function randomText(next: () => number): string {
  let text = '';
  const parts = 1 + Math.floor(next() * 4);
  for (let p = 0; p < parts; p++) {
    if (next() < 0.45) {
      const digits = next() < 0.1 ? 30 : 1 + Math.floor(next() * 4);
      text += next() < 0.2 ? '0' : '';
      for (let d = 0; d < digits; d++) text += String(Math.floor(next() * 10));
    } else {
      text += PIECES[Math.floor(next() * PIECES.length)];
    }
  }
  return text;
}

const ranks = (values: readonly string[]) => Array.from(rankRows(values.length, (i) => values[i], 'natural'));

describe('natural ranks', () => {
  it('equal a plain collator sort on names like the sandbox address book', () => {
    const next = random(3);
    const cur = ['BTC', 'ETH', 'USDC', 'SOL'];
    const names = Array.from({ length: 3000 }, (_, i) => `Address ${i + 1} (${cur[i % 4]})`);
    names.sort(() => next() - 0.5);
    expect(ranks(names)).toEqual(referenceRanks(names));
  });

  it('equal a plain collator sort on random text: case, accents, punctuation, long and non-ASCII digits, ties', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const values = Array.from({ length: 300 }, () => randomText(next));
      expect(ranks(values), `seed ${seed}`).toEqual(referenceRanks(values));
    }
  });

  it('puts "Address 2" before "Address 10" and gives values equal to the collator one rank', () => {
    expect(ranks(['Address 10', 'address 2', 'Address 2', 'Address 02'])).toEqual([3, 0, 0, 0]);
  });
});
