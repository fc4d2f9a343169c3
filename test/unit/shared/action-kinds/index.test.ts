/**
 * The shared registry of action kinds (src/shared/action-kinds/index.ts): every declared kind is a
 * member of `actionInput` with its own schema, the loan kinds' titles and rules come from their
 * declarations (the rule being the very function the main side's builders apply), and each family
 * holds what its declarations say it holds.
 */
import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_KINDS,
  KIND_DECLARATIONS,
  KIND_SCHEMAS,
  LOAN_ACTIONS,
  LOAN_ACTION_KINDS,
  type LoanActionKind,
} from '../../../../src/shared/action-kinds';
import { actionInput } from '../../../../src/shared/actions';
import {
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
} from '../../../../src/shared/loan-actions';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../../src/shared/platform/media-types';
import { loan } from '../../../support/fixtures/loans';

describe('the shared registry of action kinds', () => {
  it('makes each declaration’s schema a member of actionInput, in the registry’s order', () => {
    expect(actionInput.options).toEqual(KIND_DECLARATIONS.map((d) => d.schema));
    expect(KIND_SCHEMAS).toEqual(actionInput.options);
    for (const d of KIND_DECLARATIONS) {
      expect(d.schema.shape.kind.value, `${d.kind}: its schema names its own kind`).toBe(d.kind);
      expect(
        d.schema.safeParse({ ...d.example, unexpected: '1' }).success,
        `${d.kind}: its schema is strict (a field it does not name is refused, never dropped)`,
      ).toBe(false);
      expect(actionInput.safeParse(d.example).success, `${d.kind}: its example is an action input`).toBe(
        true,
      );
    }
    expect(new Set(KIND_DECLARATIONS.map((d) => d.kind)).size).toBe(KIND_DECLARATIONS.length);
  });

  it('gives the loan kinds their titles and rules, the rule being the function the builders apply', () => {
    for (const d of KIND_DECLARATIONS.filter((k) => k.family !== 'own')) {
      const kind = d.kind as LoanActionKind;
      expect(LOAN_ACTIONS[kind].title).toBe(d.title);
      expect(LOAN_ACTIONS[kind].availability).toBe(d.availability);
    }
    const titles = LOAN_ACTION_KINDS.map((k) => LOAN_ACTIONS[k].title);
    const known = [
      'Approve loan',
      'Cancel interest payment',
      'Accept repayment',
      'Confirm external disbursement',
    ];
    expect(
      titles.filter((t) => known.includes(t)),
      'the action bar’s order',
    ).toEqual(known);
    expect(LOAN_ACTIONS['loans.cancelInterestPayment'].availability).toBe(canCancelInterestPayment);
    expect(LOAN_ACTIONS['loans.acceptRepayment'].availability).toBe(canAcceptRepayment);
    expect(LOAN_ACTIONS['loans.confirmExternalDisbursement'].availability).toBe(
      canConfirmExternalDisbursement,
    );
    const awaiting = loan({ status: 'awaiting-approval' });
    expect(LOAN_ACTIONS['loans.approve'].availability(awaiting, 'borrow')).toEqual(
      canApprove(awaiting, 'borrow'),
    );
    expect(Object.hasOwn(LOAN_ACTIONS, 'exchange.submit')).toBe(false);
  });

  it('hands the main side the allocation kinds, and only those, each naming an operation of the specification', () => {
    expect(Object.keys(ALLOCATION_KINDS)).toEqual(
      KIND_DECLARATIONS.filter((d) => d.family === 'allocation').map((d) => d.kind),
    );
    expect(Object.keys(ALLOCATION_KINDS)).toEqual(
      expect.arrayContaining(['loans.cancelInterestPayment', 'loans.confirmExternalDisbursement']),
    );
    expect(Object.keys(ALLOCATION_KINDS)).not.toContain('loans.approve');
    for (const d of KIND_DECLARATIONS.filter((k) => k.family !== 'own'))
      expect(Object.keys(LOAN_OPERATION_MEDIA_TYPES), d.kind).toContain(
        (d as { operation: string }).operation,
      );
  });
});
