import { describe, expect, it } from 'vitest';
import { fittingTabCount } from '../../../../src/renderer/src/shell/tab-overflow';

describe('fittingTabCount', () => {
  const tabs = [100, 80, 120, 90];
  // All four with their gaps: 100+80+120+90 + 4×2 = 398.
  it.each([
    { available: 398, expected: 4, why: 'exactly fits: no More button needed' },
    { available: 1000, expected: 4, why: 'plenty of room' },
    { available: 397, expected: 3, why: 'one px short: the last tab goes into More (306 + 60 ≤ 397)' },
    { available: 304, expected: 2, why: '100+80+2×2 + 60 = 244 ≤ 304 < 366' },
    { available: 243, expected: 1, why: 'two tabs and More need 244' },
    { available: 10, expected: 0, why: 'not even one tab: everything in More' },
  ])('$why → $expected', ({ available, expected }) => {
    expect(fittingTabCount({ tabs, available, more: 60, gap: 2 })).toBe(expected);
  });

  it('keeps the tabs in order: never skips a wide one to show a narrow one after it', () => {
    expect(fittingTabCount({ tabs: [50, 300, 20], available: 150, more: 40, gap: 0 })).toBe(1);
  });
});
