import { useState } from 'react';
import type { ActionInput, ActionResult } from '@shared/actions';
import type { WorkspaceView } from '@shared/contract';
import { LOAN_OPERATIONS, availableLoanActions } from '@shared/loan-actions';
import type { Loan } from '@shared/platform/resources';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useActionLauncher } from '../../components/actions/use-action';
import { localInputToEpochMs } from '../../lib/time';
import { refreshLoan, replaceLoan } from './queries';

type ActionId = 'approve' | 'cancel-interest' | 'accept-repayment' | 'confirm-disbursement';

interface LoanActionsProps {
  workspace: WorkspaceView;
  loan: Loan;
}

/** The field's error, shown beside it; the confirmation never opens while there is one. */
function FieldError({ message, name }: { message: string | undefined; name: string }) {
  return message ? (
    <span className="field-error" data-testid={`field-error-${name}`} role="alert">
      {message}
    </span>
  ) : null;
}

/**
 * The loan's state-changing actions. Each says why it is unavailable (the shared rules the main
 * side also applies), and each goes prepare → confirmation of the exact request → execute once.
 */
export function LoanActions({ workspace, loan }: LoanActionsProps) {
  const [open, setOpen] = useState<ActionId | null>(null);
  const [amount, setAmount] = useState('');
  const [portfolioId, setPortfolioId] = useState('');
  const [effective, setEffective] = useState('');
  const launcher = useActionLauncher();

  const can = availableLoanActions(loan, workspace.organizationId);

  const onResult = (r: ActionResult) => {
    // Done or unknown, the loan may have changed: show what the platform says now.
    if (r.loan) replaceLoan(workspace.id, r.loan);
    if (r.outcome !== 'refused') void refreshLoan(workspace.id, loan.loanId);
    if (r.outcome === 'done') setOpen(null);
  };

  const optional = <K extends string>(key: K, v: string) =>
    (v.trim() ? { [key]: v.trim() } : {}) as Partial<Record<K, string>>;

  const inputFor = (id: ActionId): ActionInput | null => {
    const effectiveDate = localInputToEpochMs(effective);
    const when = effectiveDate ? { effectiveDate } : {};
    switch (id) {
      case 'approve':
        return { kind: 'loans.approve', loanId: loan.loanId };
      case 'cancel-interest':
        return can.cancelInterestPayment.ok
          ? {
              kind: 'loans.cancelInterestPayment',
              loanId: loan.loanId,
              loanAllocationId: can.cancelInterestPayment.allocation.loanAllocationId,
              ...when,
              ...optional('portfolioId', portfolioId),
            }
          : null;
      case 'accept-repayment':
        // The amount is sent exactly as typed: the schema refuses spaces rather than trimming them.
        return {
          kind: 'loans.acceptRepayment',
          loanId: loan.loanId,
          ...(amount !== '' ? { amount } : {}),
          ...optional('collateralPortfolioId', portfolioId),
          ...when,
        };
      case 'confirm-disbursement':
        return can.confirmExternalDisbursement.ok
          ? {
              kind: 'loans.confirmExternalDisbursement',
              loanId: loan.loanId,
              loanAllocationId: can.confirmExternalDisbursement.allocation.loanAllocationId,
              ...optional('collateralPortfolioId', portfolioId),
            }
          : null;
    }
  };

  const review = (id: ActionId) => {
    const input = inputFor(id);
    if (input) void launcher.launch(workspace.id, input, onResult);
  };

  /** An action with a form shows "…" and opens the form; one without goes straight to review. */
  const button = (id: ActionId, operation: keyof typeof can, needsForm: boolean) => {
    const avail = can[operation];
    const label = `${LOAN_OPERATIONS[operation].title}${needsForm ? '…' : ''}`;
    return (
      <div className="action-item" key={id}>
        <button
          type="button"
          className="btn small"
          data-testid={`action-${id}`}
          disabled={!avail.ok || launcher.preparing}
          title={avail.ok ? label : avail.why}
          onClick={() => {
            launcher.reset();
            if (!needsForm) return review(id);
            setAmount('');
            setPortfolioId('');
            setEffective('');
            setOpen(open === id ? null : id);
          }}
        >
          {label}
        </button>
        {!avail.ok ? (
          <span className="why-not" data-testid={`why-not-${id}`}>
            {avail.why}
          </span>
        ) : null}
      </div>
    );
  };

  const requested = can.acceptRepayment.ok
    ? `${can.acceptRepayment.allocation.amount} ${can.acceptRepayment.allocation.currency}`
    : '';
  const portfolioField = open === 'cancel-interest' ? 'portfolioId' : 'collateralPortfolioId';
  return (
    <div className="loan-actions" data-testid="loan-actions">
      {button('approve', 'approve', false)}
      {button('cancel-interest', 'cancelInterestPayment', true)}
      {button('accept-repayment', 'acceptRepayment', true)}
      {button('confirm-disbursement', 'confirmExternalDisbursement', true)}
      {launcher.error ? <ErrorBanner error={launcher.error} testId="action-error" /> : null}
      {open ? (
        <form
          className="action-form"
          data-testid={`action-form-${open}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            review(open);
          }}
        >
          {open === 'accept-repayment' ? (
            <label className="field">
              Amount (empty = the requested {requested})
              <input
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                className="mono"
                data-testid="action-amount"
                aria-invalid={launcher.fieldErrors.amount !== undefined}
              />
              <FieldError name="amount" message={launcher.fieldErrors.amount} />
            </label>
          ) : null}
          <label className="field">
            {open === 'cancel-interest' ? 'Portfolio id (optional)' : 'Collateral portfolio id (optional)'}
            <input
              value={portfolioId}
              onChange={(e) => setPortfolioId(e.target.value)}
              className="mono"
              data-testid="action-portfolio"
            />
            <FieldError name={portfolioField} message={launcher.fieldErrors[portfolioField]} />
          </label>
          {open !== 'confirm-disbursement' ? (
            <label className="field">
              Effective date (optional)
              <input type="datetime-local" value={effective} onChange={(e) => setEffective(e.target.value)} />
              <FieldError name="effectiveDate" message={launcher.fieldErrors.effectiveDate} />
            </label>
          ) : null}
          <div className="actions-row">
            <button
              type="submit"
              className="btn small primary"
              data-testid="action-review"
              disabled={launcher.preparing}
            >
              {launcher.preparing ? 'Preparing…' : 'Review…'}
            </button>
            <button type="button" className="btn small" onClick={() => setOpen(null)}>
              Close
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
