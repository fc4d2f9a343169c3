import { describe, expect, it } from 'vitest';
import { sortRows } from '../../../src/renderer/src/components/data-table/sort';
import type { ColumnSpec } from '../../../src/renderer/src/components/data-table/types';

interface Wallet {
  walletId: string;
  portfolioId: string;
}

const rows: readonly Wallet[] = [
  { walletId: 'w1', portfolioId: 'p-zeta' },
  { walletId: 'w2', portfolioId: 'p-alpha' },
  { walletId: 'w3', portfolioId: 'p-mid' },
];

/** The wallets table's Portfolio column shows names from another query: rebuilt when they arrive. */
const portfolioColumn = (names: Map<string, string>): ColumnSpec<Wallet> => ({
  id: 'portfolio',
  header: 'Portfolio',
  kind: 'text',
  value: (w) => names.get(w.portfolioId) ?? w.portfolioId,
});

describe('table sorting', () => {
  it('sorts by a rebuilt column with its new values, not keys cached for the old ones', () => {
    const before = sortRows(rows, [portfolioColumn(new Map())], { id: 'portfolio', desc: false });
    expect(before.map((w) => w.walletId)).toEqual(['w2', 'w3', 'w1']); // by id: p-alpha, p-mid, p-zeta
    const names = new Map([
      ['p-zeta', 'Alpha Custody'],
      ['p-alpha', 'Zulu Trading'],
      ['p-mid', 'Mid Vault'],
    ]);
    const after = sortRows(rows, [portfolioColumn(names)], { id: 'portfolio', desc: false });
    expect(after.map((w) => w.walletId)).toEqual(['w1', 'w3', 'w2']); // Alpha, Mid, Zulu
  });

  it('sorts text naturally and keeps missing values last in both directions', () => {
    const named = ['Address 10', 'Address 2', null, 'Address 1'].map((name, i) => ({ id: String(i), name }));
    const col: ColumnSpec<{ id: string; name: string | null }> = {
      id: 'name',
      header: 'Name',
      kind: 'text',
      value: (r) => r.name,
    };
    expect(sortRows(named, [col], { id: 'name', desc: false }).map((r) => r.name)).toEqual([
      'Address 1',
      'Address 2',
      'Address 10',
      null,
    ]);
    expect(sortRows(named, [col], { id: 'name', desc: true }).map((r) => r.name)).toEqual([
      'Address 10',
      'Address 2',
      'Address 1',
      null,
    ]);
  });
});

describe('values that are not text (issue 25)', () => {
  it('sort by their text in every rule, a kept JSON number by its digits, never throwing', async () => {
    const { rankRows } = await import('../../../src/shared/sort-ranks');
    const values: unknown[] = ['b', { jsonNumber: '10' }, 2, null, { a: 1 }, true, 'a'];
    for (const rule of ['natural', 'code', 'time'] as const)
      expect(() => rankRows(values.length, (i) => values[i], rule)).not.toThrow();
    const ranks = rankRows(3, (i) => [{ jsonNumber: '10' }, '9', null][i], 'natural');
    expect(ranks[1]! < ranks[0]!).toBe(true); // natural: 9 before 10
    expect(Number.isNaN(ranks[2])).toBe(true);
  });
});
