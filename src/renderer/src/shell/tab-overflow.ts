/**
 * Which data tabs fit in the tab bar (issue 29): the ones that do not go into a "More" menu instead
 * of being cut off at the window's edge.
 */

export interface TabBarSizes {
  /** Each data tab's width in px, in tab-bar order. */
  tabs: readonly number[];
  /** Room for the data tabs and the More button (the settings tab already taken off). */
  available: number;
  /** The More button's width. */
  more: number;
  /** The gap between two items. */
  gap: number;
}

/** How many data tabs, from the first, stay in the bar. All of them when they fit without a More button. */
export function fittingTabCount({ tabs, available, more, gap }: TabBarSizes): number {
  const widthOf = (n: number) => tabs.slice(0, n).reduce((sum, w) => sum + w + gap, 0);
  if (widthOf(tabs.length) <= available) return tabs.length;
  let n = tabs.length - 1;
  while (n > 0 && widthOf(n) + more > available) n -= 1;
  return n;
}
