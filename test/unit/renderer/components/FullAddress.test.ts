/** An address shown whole: groups of four, the first and last six emphasised, the copy unbroken (issue 29.3). */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { addressGroups, FullAddress } from '../../../../src/renderer/src/components/FullAddress';
import { html } from '../hostile/hostile-rows';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A group as text, emphasised runs in [brackets]. */
const shown = (address: string) =>
  addressGroups(address).map((runs) => runs.map((r) => (r.emphasised ? `[${r.text}]` : r.text)).join(''));

describe('addressGroups', () => {
  it('cuts into groups of four from the first character and emphasises the first and last six', () => {
    expect(shown(ETH)).toEqual([
      '[0x52]',
      '[90]84',
      '0009',
      '8527',
      '886E',
      '0F70',
      '3006',
      '9857',
      'D2E4',
      '[169E]',
      '[E7]',
    ]);
  });

  it('gives every character back, in order', () => {
    for (const a of [ETH, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'x', '']) {
      expect(
        addressGroups(a)
          .flat()
          .map((r) => r.text)
          .join(''),
      ).toBe(a);
      expect(addressGroups(a).every((g) => g.map((r) => r.text).join('').length <= 4)).toBe(true);
    }
  });

  it('emphasises every character of an address of twelve or fewer', () => {
    expect(shown('abcdefghijkl')).toEqual(['[abcd]', '[efgh]', '[ijkl]']);
    expect(shown('abcdefghijklm')).toEqual(['[abcd]', '[ef]g[h]', '[ijkl]', '[m]']);
  });
});

describe('FullAddress', () => {
  it('shows every character, copies the unbroken value and reads it once, unbroken, to a screen reader', () => {
    const out = html(createElement(FullAddress, { value: ETH }));
    expect(out).toContain(`aria-label="Copy address ${ETH}"`);
    expect(out).toContain(`<span class="sr-only">${ETH}</span>`);
    expect(out).toContain('<strong class="full-address-end">0x52</strong>');
    expect(out).not.toContain('…');
  });

  it('shows a missing address as a dash and a non-text one as received, marked', () => {
    expect(html(createElement(FullAddress, { value: null }))).toContain('—');
    const out = html(createElement(FullAddress, { value: 12345678901234 }));
    expect(out).toContain('12345678901234');
    expect(out).toContain('data-kind="number"');
  });
});
