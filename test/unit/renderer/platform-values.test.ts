/**
 * What the renderer does with what a real platform sends (issue 18): numbers where strings were
 * promised, missing values, exact totals, a wrong ClearLoop `pagination`, a crashed tab, and the
 * walk's report on screen. Pure functions: the components are thin over them.
 */
import { describe, expect, it } from 'vitest';
import {
  amountSortKey,
  formatAmount,
  isDecimal,
  rawText,
  sumAmounts,
} from '../../../src/renderer/src/lib/decimal';
import { formatBpsPercent, formatPercent } from '../../../src/renderer/src/lib/format';
import { pagerState } from '../../../src/renderer/src/features/clearloop/pager-state';
import { activeWord } from '../../../src/renderer/src/features/portfolios-wallets/active';
import { walkReportParts } from '../../../src/renderer/src/components/walk-report';
import { tabToSave } from '../../../src/renderer/src/state/crashed-tabs';
import { crashReport, RawValueError } from '../../../src/renderer/src/components/crash-report';

describe('a JSON number where an amount string was promised', () => {
  it('is shown as received and never throws (was: e.trim is not a function)', () => {
    expect(formatAmount(1.5e21)).toBe('1.5e+21');
    expect(formatAmount(12345.678)).toBe('12345.678');
    expect(formatPercent(0.65)).toBe('0.65');
    expect(formatBpsPercent(450)).toBe('450');
    expect(rawText({ a: 1 })).toBe('{"a":1}');
    expect(formatAmount(true)).toBe('true');
    expect(isDecimal(12)).toBe(false);
  });

  it('sorts by its text, next to decimal strings', () => {
    expect(amountSortKey(12345.678)).toBe(amountSortKey('12345.678'));
    expect(amountSortKey(1.5e21)).toBe(amountSortKey('1500000000000000000000'));
    expect(amountSortKey({})).toBeNull();
  });

  it('is never added into a total: the total is unknown and says why', () => {
    const sum = sumAmounts(['1.5', 2, '3']);
    expect(sum).toMatchObject({ total: null, known: '4.5', numbers: 1, skipped: 1, missing: 0 });
  });
});

describe('totals', () => {
  it('are exact for 30 integer digits and 18 decimals (20 significant digits rounded them)', () => {
    const big = '99999999999.999999999999999999';
    expect(sumAmounts([big]).total).toBe(big);
    const a = '123456789012345678901234567890.123456789012345678';
    const b = '0.000000000000000001';
    expect(sumAmounts([a, b]).total).toBe('123456789012345678901234567890.123456789012345679');
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.000000000000000001')).total).toBe(
      '0.000000000000001',
    );
  });

  it('are unknown, never 0, when a wallet has no value', () => {
    expect(sumAmounts(['1', undefined]).total).toBeNull();
    expect(sumAmounts(['1', null]).missing).toBe(1);
    expect(sumAmounts(['1', '']).known).toBe('1');
    expect(sumAmounts([]).total).toBe('0');
  });
});

describe('isActive', () => {
  it('is unknown when null, not inactive', () => {
    expect(activeWord(true)).toBe('yes');
    expect(activeWord(false)).toBe('no');
    expect(activeWord(null)).toBe('unknown');
    expect(activeWord(undefined)).toBe('unknown');
    expect(activeWord('false')).toBe('unknown');
  });
});

describe('ClearLoop pager', () => {
  it('keeps Next enabled after a full page whatever pagination says (missing or wrong)', () => {
    expect(pagerState(null, 100, 1, 100)).toEqual({ pages: null, total: null, hasNext: true });
    expect(pagerState({}, 100, 1, 100).hasNext).toBe(true);
    // "pages: 1" after a full first page is contradicted: not shown, Next stays enabled.
    expect(pagerState({ pages: '1', totalItems: '250' }, 100, 1, 100)).toEqual({
      pages: null,
      total: null,
      hasNext: true,
    });
  });

  it('ends after a short page, and shows the platform count only when it agrees', () => {
    expect(pagerState({ pages: '3', totalItems: '250' }, 50, 3, 100)).toEqual({
      pages: 3,
      total: 250,
      hasNext: false,
    });
    expect(pagerState({ pages: '3', totalItems: '300' }, 100, 1, 100)).toEqual({
      pages: 3,
      total: 300,
      hasNext: true,
    });
    expect(pagerState({ pages: 'many' }, 10, 1, 100)).toEqual({ pages: null, total: null, hasNext: false });
  });

  it('believes "last page" after a full page only when the total accounts for every row seen', () => {
    expect(pagerState({ pages: '3', totalItems: '300' }, 100, 3, 100)).toEqual({
      pages: 3,
      total: 300,
      hasNext: false,
    });
    // The quirk "wrong": pages "1" whatever the total.
    expect(pagerState({ pages: '1', totalItems: '300' }, 100, 1, 100).hasNext).toBe(true);
  });
});

describe('a crashed tab', () => {
  it('is not saved as the tab to open on the next start', () => {
    const ui = { tab: 'loans' as const };
    expect(tabToSave(ui)).toBe('loans');
    expect(tabToSave({ ...ui, crashed: ['loans'] })).toBe('portfolios-wallets');
    expect(tabToSave({ ...ui, tab: 'portfolios-wallets', crashed: ['portfolios-wallets'] })).toBe(
      'workspaces',
    );
  });

  it('has a copyable report with the raw value', () => {
    const report = crashReport('Loans', new RawValueError('not an amount', 1.5e21, 'amount'), '  at LoanRow');
    expect(report).toMatch(
      /^Tab: Loans\nError: RawValueError: not an amount\nField: amount\nRaw value \(number\): 1\.5e\+21/,
    );
    expect(report).toContain('Components:\nat LoanRow');
  });
});

describe('the walk report on screen', () => {
  const base = { pages: 3, truncated: false, duplicatesDropped: 0, incomplete: false, total: null };
  it('says rows, duplicates dropped, incomplete and bounds', () => {
    expect(walkReportParts({ ...base, rows: 2_350, duplicatesDropped: 12 })).toEqual([
      '2,350 rows',
      '12 duplicates dropped',
      '12 rows may have been missed: a row moved during the read; read again to check',
    ]);
    expect(walkReportParts({ ...base, rows: 1_000, incomplete: true, total: 3_000 })[1]).toMatch(
      /incomplete: the platform sent an empty page before its total of 3,000/,
    );
    expect(
      walkReportParts({ ...base, rows: 5, truncated: true, bound: { kind: 'pages', limit: 10_000 } })[1],
    ).toMatch(/bound of 10,000 pages/);
  });
});
