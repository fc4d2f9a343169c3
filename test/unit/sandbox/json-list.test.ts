import { describe, expect, it } from 'vitest';
import { jsonList } from '../../../src/sandbox/router';

const encode = (record: object) => Buffer.from(JSON.stringify(record));

describe('jsonList', () => {
  it('produces exactly the bytes JSON.stringify would, for any records and tail', () => {
    const records = [
      { id: '1', name: 'plain' },
      { id: '2', name: 'quotes " and \\ and \n and <script>', amount: '-0.5' },
      { id: '3', name: 'ünïcødé 💸', nested: { a: [1, { b: null }] } },
    ];
    const cases: Array<[string, object[], Record<string, unknown> | undefined]> = [
      ['actions', records, { pagination: { limit: '100', page: '1', pages: '3', totalItems: '300' } }],
      ['activities', records, undefined],
      ['cryptoAddresses', [], undefined],
      ['actions', [], { pagination: { limit: '1' } }],
      ['odd "key"', records.slice(0, 1), {}],
    ];
    for (const [key, items, rest] of cases) {
      const reply = jsonList(encode, key, items, rest);
      expect('body' in reply).toBe(true);
      if (!('body' in reply)) continue;
      expect(reply.body.toString('utf8')).toBe(JSON.stringify({ [key]: items, ...rest }));
    }
  });
});
