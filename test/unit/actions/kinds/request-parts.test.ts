/**
 * The small pieces the kinds' builders share: the confirmation's flattened fields, optional fields
 * left out, the refusal at a field, the currency notes and the clipped mention of an object.
 */
import { describe, expect, it } from 'vitest';
import {
  clip,
  definedOnly,
  flattenFields,
  refuse,
  withNotes,
} from '../../../../src/main/actions/kinds/request-parts';

describe('flattenFields', () => {
  it('names every leaf by its path, in the order sent; strings verbatim, the rest as JSON', () => {
    expect(
      flattenFields({
        amount: '1.50',
        collaterals: [{ amount: '2', currency: 'BTC' }, { flags: [true, null] }],
        note: { nested: { n: 3 } },
      }),
    ).toEqual([
      { name: 'amount', value: '1.50' },
      { name: 'collaterals[0].amount', value: '2' },
      { name: 'collaterals[0].currency', value: 'BTC' },
      { name: 'collaterals[1].flags[0]', value: 'true' },
      { name: 'collaterals[1].flags[1]', value: 'null' },
      { name: 'note.nested.n', value: '3' },
    ]);
  });

  it('names a bare value "(body)", and prefixes a top-level array by index', () => {
    expect(flattenFields('text')).toEqual([{ name: '(body)', value: 'text' }]);
    expect(flattenFields(7)).toEqual([{ name: '(body)', value: '7' }]);
    expect(flattenFields(['a', { b: 'c' }])).toEqual([
      { name: '[0]', value: 'a' },
      { name: '[1].b', value: 'c' },
    ]);
    expect(flattenFields({})).toEqual([]);
  });
});

describe('definedOnly', () => {
  it('leaves out undefined fields only: null, empty and false stay', () => {
    expect(definedOnly({ a: '1', b: undefined, c: null, d: '', e: false, f: 0 })).toEqual({
      a: '1',
      c: null,
      d: '',
      e: false,
      f: 0,
    });
    expect(Object.keys(definedOnly({ a: undefined }))).toEqual([]);
  });
});

describe('refuse', () => {
  it('is a bad-input failure, at the field when one is named', () => {
    expect(refuse('Amount must be positive.', 'amount')).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'Amount must be positive.', field: 'amount' },
    });
    const bare = refuse('No loan.');
    expect(bare).toEqual({ ok: false, error: { code: 'bad-input', message: 'No loan.' } });
    expect('field' in bare.error).toBe(false);
  });
});

describe('withNotes', () => {
  it('adds the note to the fields named exactly, and leaves the rest as they were', () => {
    const fields = [
      { name: 'amount', value: '1' },
      { name: 'amountCurrency', value: 'BTC' },
      { name: 'collaterals[0].amount', value: '2', note: 'kept' },
    ];
    expect(withNotes(fields, { amount: 'BTC', 'collaterals[0].amount': 'ETH', toString: 'x' })).toEqual([
      { name: 'amount', value: '1', note: 'BTC' },
      { name: 'amountCurrency', value: 'BTC' },
      { name: 'collaterals[0].amount', value: '2', note: 'ETH' },
    ]);
    // Only own names: "toString" of every object is no note.
    expect(withNotes([{ name: 'toString', value: 'v' }], {})).toEqual([{ name: 'toString', value: 'v' }]);
  });
});

describe('clip', () => {
  it('keeps text of at most 120 characters, and cuts longer text to 119 and "…"', () => {
    const exact = 'x'.repeat(120);
    expect(clip(exact)).toBe(exact);
    expect(clip(`${exact}y`)).toBe(`${'x'.repeat(119)}…`);
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abcd', 4)).toBe('abcd');
  });

  it('counts and cuts by code points, never inside one', () => {
    const emoji = '😀'.repeat(5);
    expect(clip(emoji, 5)).toBe(emoji);
    expect(clip(emoji, 4)).toBe('😀😀😀…');
  });
});
