/** The risk board's totals line (issue 25): a sum beyond the precision is "too large to total". */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Line } from '../../../../src/renderer/src/features/risk/RiskTotals';
import { riskTotals } from '../../../../src/shared/risk';
import type { Loan } from '../../../../src/shared/platform/resources';
import { html } from '../hostile/hostile-rows';

describe('RiskTotals line', () => {
  it('says "too large to total" for a sum needing 100 digits, and counts what was left out', () => {
    const loans = [
      { loanId: 'a', amount: '9'.repeat(99), currency: 'BTC' },
      { loanId: 'b', amount: '1', currency: 'BTC' },
      { loanId: 'c', amount: '0x10', currency: 'BTC' },
    ] as unknown as Loan[];
    const out = html(
      createElement(Line, { label: 'Loans', totals: riskTotals(loans).loanAmounts, testId: 't' }),
    );
    expect(out).toContain('too large to total');
    expect(out).toContain('+1 unknown, left out');
  });
});
