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

describe('never hide a field (issue 29)', () => {
  it('lists a field sent as null, labels fields for people with the raw key on hover', () => {
    const loan = { ...sampleLoan, originalLoanValue: '3534700', defaultReason: null } as unknown as Loan;
    const out = html(createElement(LoanFields, { loan }));
    expect(out).toContain('data-testid="loan-field-defaultReason"');
    expect(out).toContain('null (sent as null)');
    expect(out).toMatch(/title="platform field: originalLoanValue"[^>]*>Original value</);
    // "Original value 3,534,700" had no unit: a USD value, with its cents.
    expect(out).toContain('>3,534,700</span><span class="amt-frac">.00</span><span class="ccy"> USD</span>');
  });

  it('shows LTV and rates in %, a numeric LTV from its digits, marked', () => {
    const loan = {
      ...sampleLoan,
      debtRatio: jsonNumberText('0.5128'),
      interestRate: '469',
    } as unknown as Loan;
    const out = html(createElement(LoanFields, { loan }));
    expect(out).toContain('51.28 %');
    expect(out).toContain('4.69 %');
    expect(out).toContain('data-kind="number"');
  });

  it('states the unit of extra fields: the cure period in hours, thresholds in %', () => {
    const out = html(
      createElement(LoanExtraFields, {
        extra: {
          marginCallExpiryPeriod: '86400000',
          marginCallThreshold: '0.8',
          lenderFeeSharePercentage: '10',
        },
      }),
    );
    expect(out).toMatch(/title="platform field: marginCallExpiryPeriod"[^>]*>Margin call expiry period</);
    expect(out).toMatch(/title="sent: 86400000[^"]*"[^>]*>24 h</);
    expect(out).toContain('80.00 %');
    expect(out).toContain('10 %');
  });
});
