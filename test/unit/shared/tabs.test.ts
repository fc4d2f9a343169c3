/** The tab registry (src/shared/tabs.ts): its ids and the guard that tells one from anything else. */
import { describe, expect, it } from 'vitest';
import { ALL_TABS, DATA_TABS, DEFAULT_TAB, SETTINGS_TAB, isTabId } from '../../../src/shared/tabs';

describe('tabs', () => {
  it('knows every tab id and nothing else', () => {
    for (const tab of ALL_TABS) expect(isTabId(tab.id), tab.id).toBe(true);
    expect(ALL_TABS).toHaveLength(DATA_TABS.length + 1);
    expect(ALL_TABS.at(-1)).toEqual(SETTINGS_TAB);
    expect(isTabId(DEFAULT_TAB)).toBe(true);
    expect(DEFAULT_TAB).toBe(DATA_TABS[0].id);
    for (const v of ['', 'nope', 'Loans', 1, null, undefined, { id: 'loans' }])
      expect(isTabId(v)).toBe(false);
  });
});
