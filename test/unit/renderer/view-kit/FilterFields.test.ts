/** The filter kit (src/renderer/src/components/view-kit/FilterFields.tsx): values an open filter offers. */
import { describe, expect, it } from 'vitest';
import { seenValues } from '../../../../src/renderer/src/components/view-kit/FilterFields';

describe('seenValues', () => {
  it('is the distinct non-empty text values of the loaded rows, in the order first seen', () => {
    const rows = [{ s: 'active' }, { s: 'on-hold' }, { s: 'active' }, { s: '' }, { s: 7 }, { s: null }, {}];
    expect(seenValues(rows, (r) => (r as { s?: unknown }).s)).toEqual(['active', 'on-hold']);
  });

  it('is empty before any row is loaded', () => {
    expect(seenValues(undefined, () => 'x')).toEqual([]);
  });
});
