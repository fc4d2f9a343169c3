/**
 * The loan kinds' forms (LoanActions.tsx renders them): per kind, which fields the operator fills
 * and how they become the kind's input. Keyed by the kind string, which is also each button's and
 * form's id; the button's title and availability are the kind's shared entry (LOAN_ACTIONS).
 */
import type { InputOf } from '@shared/actions';
import { LOAN_ACTIONS, type LoanActionKind } from '@shared/loan-actions';
import type { ActionForm } from '../../components/actions/action-form';

/** What the operator typed; `effectiveDate` already as epoch ms (absent: not given). */
export interface LoanFormDraft {
  allocationId: string;
  amount: string;
  portfolioId: string;
  effectiveDate?: string;
}

export interface LoanFormFields {
  /** `required`: the body names the allocation; `request`: the repayment request, read, not sent. */
  allocation: 'required' | 'request';
  amount: boolean;
  /** The optional portfolio field's name in the input (its errors come back under it). */
  portfolio: 'portfolioId' | 'collateralPortfolioId';
  effectiveDate: boolean;
}

export interface LoanActionForm<K extends LoanActionKind> extends ActionForm<K> {
  /** The fields shown; null: no form, the button goes straight to the review. */
  fields: LoanFormFields | null;
  input(loanId: string, draft: LoanFormDraft): InputOf<K>;
}

const WHERE = 'Loans → a loan’s detail';
const trimmed = <K extends string>(key: K, v: string) =>
  (v.trim() ? { [key]: v.trim() } : {}) as Partial<Record<K, string>>;
const when = (d: LoanFormDraft) => (d.effectiveDate ? { effectiveDate: d.effectiveDate } : {});
const label = (kind: LoanActionKind, hasForm: boolean) => `${LOAN_ACTIONS[kind].title}${hasForm ? '…' : ''}`;

export const LOAN_ACTION_FORMS: { readonly [K in LoanActionKind]: LoanActionForm<K> } = {
  'loans.approve': {
    kind: 'loans.approve',
    label: label('loans.approve', false),
    where: WHERE,
    fields: null,
    input: (loanId) => ({ kind: 'loans.approve', loanId }),
  },
  'loans.cancelInterestPayment': {
    kind: 'loans.cancelInterestPayment',
    label: label('loans.cancelInterestPayment', true),
    where: WHERE,
    fields: { allocation: 'required', amount: false, portfolio: 'portfolioId', effectiveDate: true },
    input: (loanId, d) => ({
      kind: 'loans.cancelInterestPayment',
      loanId,
      loanAllocationId: d.allocationId,
      ...when(d),
      ...trimmed('portfolioId', d.portfolioId),
    }),
  },
  'loans.acceptRepayment': {
    kind: 'loans.acceptRepayment',
    label: label('loans.acceptRepayment', true),
    where: WHERE,
    fields: { allocation: 'request', amount: true, portfolio: 'collateralPortfolioId', effectiveDate: true },
    // The amount is sent exactly as typed: the schema refuses spaces rather than trimming them.
    input: (loanId, d) => ({
      kind: 'loans.acceptRepayment',
      loanId,
      amount: d.amount,
      ...(d.allocationId ? { requestAllocationId: d.allocationId } : {}),
      ...trimmed('collateralPortfolioId', d.portfolioId),
      ...when(d),
    }),
  },
  'loans.confirmExternalDisbursement': {
    kind: 'loans.confirmExternalDisbursement',
    label: label('loans.confirmExternalDisbursement', true),
    where: WHERE,
    fields: {
      allocation: 'required',
      amount: false,
      portfolio: 'collateralPortfolioId',
      effectiveDate: false,
    },
    input: (loanId, d) => ({
      kind: 'loans.confirmExternalDisbursement',
      loanId,
      loanAllocationId: d.allocationId,
      ...trimmed('collateralPortfolioId', d.portfolioId),
    }),
  },
};

/** The loan kinds in the order the action bar shows them. */
export const LOAN_ACTION_FORM_LIST = Object.values(LOAN_ACTION_FORMS) as LoanActionForm<LoanActionKind>[];
