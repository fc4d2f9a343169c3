/** The loan kinds' forms: what the operator typed becomes exactly the kind's input. */
import { describe, expect, it } from 'vitest';
import { LOAN_ACTIONS, LOAN_ACTION_KINDS } from '../../../../src/shared/action-kinds';
import {
  LOAN_ACTION_FORMS,
  LOAN_ACTION_FORM_LIST,
  type LoanFormDraft,
} from '../../../../src/renderer/src/features/loans/loan-action-forms';

const FULL: LoanFormDraft = {
  allocationId: 'alloc-1',
  amount: '5.5',
  portfolioId: '  port-1 ',
  effectiveDate: '1700000000000',
};
const BARE: LoanFormDraft = { allocationId: '', amount: '', portfolioId: '   ' };

describe('LOAN_ACTION_FORMS', () => {
  it.each([
    ['loans.approve', FULL, { kind: 'loans.approve', loanId: 'loan-1' }],
    ['loans.approve', BARE, { kind: 'loans.approve', loanId: 'loan-1' }],
    [
      'loans.cancelInterestPayment',
      FULL,
      {
        kind: 'loans.cancelInterestPayment',
        loanId: 'loan-1',
        loanAllocationId: 'alloc-1',
        effectiveDate: '1700000000000',
        portfolioId: 'port-1',
      },
    ],
    [
      'loans.cancelInterestPayment',
      BARE,
      { kind: 'loans.cancelInterestPayment', loanId: 'loan-1', loanAllocationId: '' },
    ],
    [
      'loans.acceptRepayment',
      FULL,
      {
        kind: 'loans.acceptRepayment',
        loanId: 'loan-1',
        amount: '5.5',
        requestAllocationId: 'alloc-1',
        collateralPortfolioId: 'port-1',
        effectiveDate: '1700000000000',
      },
    ],
    ['loans.acceptRepayment', BARE, { kind: 'loans.acceptRepayment', loanId: 'loan-1', amount: '' }],
    [
      'loans.confirmExternalDisbursement',
      FULL,
      {
        kind: 'loans.confirmExternalDisbursement',
        loanId: 'loan-1',
        loanAllocationId: 'alloc-1',
        collateralPortfolioId: 'port-1',
      },
    ],
    [
      'loans.confirmExternalDisbursement',
      BARE,
      { kind: 'loans.confirmExternalDisbursement', loanId: 'loan-1', loanAllocationId: '' },
    ],
  ] as const)('%s turns the draft into its input', (kind, draft, expected) => {
    expect(LOAN_ACTION_FORMS[kind].input('loan-1', draft)).toStrictEqual(expected);
  });

  it('label each button with its title, "…" where there are fields to fill, in the registry’s order', () => {
    for (const f of LOAN_ACTION_FORM_LIST)
      expect(f.label).toBe(`${LOAN_ACTIONS[f.kind].title}${f.fields ? '…' : ''}`);
    expect(LOAN_ACTION_FORM_LIST.map((f) => f.kind)).toEqual(LOAN_ACTION_KINDS);
    const known = [
      'loans.approve',
      'loans.cancelInterestPayment',
      'loans.acceptRepayment',
      'loans.confirmExternalDisbursement',
    ];
    expect(
      LOAN_ACTION_FORM_LIST.filter((f) => known.includes(f.kind)).map((f) => [f.kind, f.label.endsWith('…')]),
    ).toStrictEqual([
      ['loans.approve', false],
      ['loans.cancelInterestPayment', true],
      ['loans.acceptRepayment', true],
      ['loans.confirmExternalDisbursement', true],
    ]);
  });
});
