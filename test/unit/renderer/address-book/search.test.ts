import { describe, expect, it } from 'vitest';
import type { CryptoAddress } from '../../../../src/shared/platform/resources';
import {
  addressMatches,
  findAddresses,
  prepareFind,
} from '../../../../src/renderer/src/features/address-book/search';

const CURRENCIES = ['BTC', 'ETH', 'USDC'];

function address(i: number, extra: Partial<CryptoAddress> = {}): CryptoAddress {
  return {
    cryptoAddressId: `ca-${i}`,
    name: `Address ${i + 1} (${CURRENCIES[i % 3]})`,
    address: `0xAbC${i.toString(16).padStart(6, '0')}`,
    currency: CURRENCIES[i % 3],
    mainCurrency: i % 3 === 0 ? 'BTC' : 'ETH',
    memo: i % 5 === 0 ? `Memo ${i}` : undefined,
    addressTags: i % 4 === 0 ? ['Treasury', `desk-${i % 8}`] : undefined,
    ...extra,
  } as unknown as CryptoAddress;
}

const ROWS = Array.from({ length: 400 }, (_, i) => address(i));

describe('"Find in loaded" over the address book', () => {
  it('finds exactly the rows addressMatches accepts, in their order, for many texts', () => {
    const texts = [
      'address 1',
      'ADDRESS 12 (',
      'usdc',
      'eth',
      '0xabc00001',
      'memo 1',
      'treasury',
      'desk-4',
      'ca-39',
      'nope',
      ' btc ',
    ];
    for (const text of texts) {
      const expected = ROWS.filter((a) => addressMatches(a, text));
      expect(findAddresses(ROWS, text), text).toEqual(expected);
    }
    expect(findAddresses(ROWS, 'usdc').length).toBe(ROWS.filter((_, i) => i % 3 === 2).length);
  });

  it('matches within one field only, never across two', () => {
    const row = address(1, { name: 'abc', address: 'def' });
    expect(findAddresses([row], 'bcde')).toEqual([]);
    expect(findAddresses([row], 'c\u0000d')).toEqual([]);
    expect(findAddresses([row], 'ABC')).toEqual([row]);
  });

  it('returns the same array without text, so the table keeps its sort keys', () => {
    expect(findAddresses(ROWS, undefined)).toBe(ROWS);
    expect(findAddresses(ROWS, '  ')).toBe(ROWS);
  });

  it('gives the same answer whether the search text was prepared ahead or not', () => {
    const fresh = ROWS.map((a) => ({ ...a }));
    prepareFind(fresh);
    expect(findAddresses(fresh, 'desk-4').map((a) => a.cryptoAddressId)).toEqual(
      findAddresses(ROWS, 'desk-4').map((a) => a.cryptoAddressId),
    );
  });
});
