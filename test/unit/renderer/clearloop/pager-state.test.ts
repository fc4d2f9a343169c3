/**
 * ClearLoop's pager (src/renderer/src/features/clearloop/pager-state.ts) under a platform that caps
 * pages (issue 25.6): a short page is the last one only when `pagination` does not say more.
 */
import { describe, expect, it } from 'vitest';
import { pagerState } from '../../../../src/renderer/src/features/clearloop/pager-state';

describe('pagerState', () => {
  it('pages on after a short page when pagination says more pages follow', () => {
    // Asked 100, the platform capped the page at 50 and says 8 pages of 400 items.
    expect(pagerState({ pages: 8, totalItems: 400 }, 50, 1, 100)).toEqual({
      pages: 8,
      total: 400,
      hasNext: true,
      capped: 50,
    });
    expect(pagerState({ pages: '8', totalItems: '400' }, 50, 7, 100).hasNext).toBe(true);
  });

  it('a short page is the last when pagination says so, is missing, or says nonsense', () => {
    expect(pagerState({ pages: 8, totalItems: 400 }, 50, 8, 100)).toEqual({
      pages: 8,
      total: 400,
      hasNext: false,
    });
    expect(pagerState(null, 50, 1, 100).hasNext).toBe(false);
    expect(pagerState({ pages: 'many' }, 50, 1, 100).hasNext).toBe(false);
  });

  it('a full page still may have more, whatever pagination says', () => {
    expect(pagerState({ pages: 1, totalItems: 5_000 }, 100, 1, 100).hasNext).toBe(true);
  });
});
