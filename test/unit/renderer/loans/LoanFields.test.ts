/** A loan's fields and `extra` in the detail pane under nulls and numbers (issue 25). */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LoanExtraFields, LoanFields } from '../../../../src/renderer/src/features/loans/LoanFields';
import { jsonNumberText } from '../../../../src/shared/json-number';
import type { Loan } from '../../../../src/shared/platform/resources';
import { eachVariant, html } from '../hostile/hostile-rows';
import { sampleLoan } from '../hostile/samples';

describe('LoanFields and LoanExtraFields', () => {
  it('render every variant of a loan (extra: null, null required collaterals)', () => {
    eachVariant(sampleLoan, (loan) => {
      html(createElement(LoanFields, { loan }));
      html(createElement(LoanExtraFields, { extra: loan.extra }));
    });
  });

  it('show an amount kept as a JSON number with its digits and the number mark (was: left out)', () => {
    const loan = { ...sampleLoan, amount: jsonNumberText('1234567.123456789012345678') } as unknown as Loan;
    const out = html(createElement(LoanFields, { loan }));
    expect(out).toContain('1234567.123456789012345678');
    expect(out).toContain('data-kind="number"');
  });
});
