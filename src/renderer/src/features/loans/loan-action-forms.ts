/**
 * The loan kinds' forms (LoanActions.tsx renders them): per kind, which fields the operator fills
 * and how they become the kind's input. Keyed by the kind string, which is also each button's and
 * form's id; the button's title and availability are the kind's shared entry (LOAN_ACTIONS).
 */
import type { InputOf } from '@shared/actions';
import { LOAN_ACTIONS, type LoanActionKind } from '@shared/action-kinds';
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

/**
 * The portfolio field's label. It is a picker of the workspace's portfolios (components/
 * PortfolioIdField.tsx), where an id the list does not hold can still be pasted.
 */
export const PORTFOLIO_LABELS: Record<LoanFormFields['portfolio'], string> = {
  portfolioId: 'Portfolio (optional)',
  collateralPortfolioId: 'Collateral portfolio (optional)',
};

export interface LoanActionForm<K extends LoanActionKind> extends ActionForm<K> {
  /** The fields shown; null: no form, the button goes straight to the review. */
  fields: LoanFormFields | null;
  input(loanId: string, draft: LoanFormDraft): InputOf<K>;
}

const WHERE = 'Loans → a loan’s detail';
const trimmed = <K extends string>(key: K, v: string) =>
  (v.trim() ? { [key]: v.trim() } : {}) as Partial<Record<K, string>>;
const when = (d: LoanFormDraft) => (d.effectiveDate ? { effectiveDate: d.effectiveDate } : {});

/** A kind's input besides its kind and loan, which every loan kind's input names the same way. */
type LoanFormBody<K extends LoanActionKind> = (draft: LoanFormDraft) => Omit<InputOf<K>, 'kind' | 'loanId'>;

/**
 * A kind's form, found in a loan's detail; its button's label ends in "…" where there are fields to
 * fill. Its input is the kind, the loan and what `body` reads from the draft.
 */
const loanForm = <K extends LoanActionKind>(
  kind: K,
  fields: LoanFormFields | null,
  body: LoanFormBody<K>,
): LoanActionForm<K> => ({
  kind,
  label: `${LOAN_ACTIONS[kind].title}${fields ? '…' : ''}`,
  where: WHERE,
  fields,
  // The compiler cannot see through a kind left generic that the three parts make its input.
  input: (loanId, draft) => ({ kind, loanId, ...body(draft) }) as InputOf<K>,
});

export const LOAN_ACTION_FORMS: { readonly [K in LoanActionKind]: LoanActionForm<K> } = {
  'loans.approve': loanForm('loans.approve', null, () => ({})),
  'loans.cancelInterestPayment': loanForm(
    'loans.cancelInterestPayment',
    { allocation: 'required', amount: false, portfolio: 'portfolioId', effectiveDate: true },
    (d) => ({ loanAllocationId: d.allocationId, ...when(d), ...trimmed('portfolioId', d.portfolioId) }),
  ),
  'loans.acceptRepayment': loanForm(
    'loans.acceptRepayment',
    { allocation: 'request', amount: true, portfolio: 'collateralPortfolioId', effectiveDate: true },
    // The amount is sent exactly as typed: the schema refuses spaces rather than trimming them.
    (d) => ({
      amount: d.amount,
      ...(d.allocationId ? { requestAllocationId: d.allocationId } : {}),
      ...trimmed('collateralPortfolioId', d.portfolioId),
      ...when(d),
    }),
  ),
  'loans.confirmExternalDisbursement': loanForm(
    'loans.confirmExternalDisbursement',
    { allocation: 'required', amount: false, portfolio: 'collateralPortfolioId', effectiveDate: false },
    (d) => ({ loanAllocationId: d.allocationId, ...trimmed('collateralPortfolioId', d.portfolioId) }),
  ),
};

/** The loan kinds in the order the action bar shows them. */
export const LOAN_ACTION_FORM_LIST = Object.values(LOAN_ACTION_FORMS) as LoanActionForm<LoanActionKind>[];
