import { useState } from 'react';
import type { ActionInput, ActionResult } from '@shared/actions';
import type { WorkspaceView } from '@shared/contract';
import {
  LOAN_OPERATIONS,
  availableLoanActions,
  canAcceptRepayment,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanAllocationsOf,
  loanSide,
  repaymentAmountDefault,
  repaymentCeiling,
  type Verdict,
} from '@shared/loan-actions';
import { isJsonNumberText } from '@shared/json-number';
import type { Loan, LoanAllocation } from '@shared/platform/resources';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useActionLauncher } from '../../components/actions/use-action';
import { localInputToEpochMs } from '../../lib/time';
import { refreshLoan, replaceLoan } from './queries';

type ActionId = 'approve' | 'cancel-interest' | 'accept-repayment' | 'confirm-disbursement';
type FormId = Exclude<ActionId, 'approve'>;

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

/** An allocation's amount as text: a JSON number is shown with its digits and marked. */
function amountOf(a: LoanAllocation): string {
  const raw: unknown = (a as { amount?: unknown }).amount;
  if (isJsonNumberText(raw)) return `${raw.jsonNumber} (JSON number)`;
  return typeof raw === 'number' ? `${String(raw)} (JSON number)` : String(raw);
}

const optionText = (a: LoanAllocation) =>
  `${a.loanAllocationId} · ${String(a.allocationType)} · ${String(a.status)} · ${amountOf(a)} ${String(a.currency)}`;

/**
 * The loan's state-changing actions. A button is disabled only on a rule the specification states
 * (the shared rules the main side also applies); what the console only expects is a warning shown
 * in the form and again in the confirmation, and the platform decides. The operator picks the
 * allocation among all of the loan's, the expected one pre-selected. Each action goes prepare →
 * confirmation of the exact request → execute once.
 */
export function LoanActions({ workspace, loan }: LoanActionsProps) {
  const [open, setOpen] = useState<FormId | null>(null);
  const [amount, setAmount] = useState('');
  const [portfolioId, setPortfolioId] = useState('');
  const [effective, setEffective] = useState('');
  const [allocationId, setAllocationId] = useState('');
  const launcher = useActionLauncher();

  const can = availableLoanActions(loan, workspace.organizationId);
  const side = loanSide(loan, workspace.organizationId);
  const { allocations, skipped } = loanAllocationsOf(loan);
  const pickedId = allocationId === '' ? undefined : allocationId;

  /** The rules for the open form's current pick: its warnings, or why it cannot be reviewed. */
  const current: Verdict | null =
    open === 'cancel-interest'
      ? canCancelInterestPayment(loan, side, pickedId)
      : open === 'accept-repayment'
        ? canAcceptRepayment(loan, side, pickedId)
        : open === 'confirm-disbursement'
          ? canConfirmExternalDisbursement(loan, side, pickedId)
          : null;
  const request = open === 'accept-repayment' && current?.ok ? current.allocation : null;

  const onResult = (r: ActionResult) => {
    // Done or unknown, the loan may have changed: show what the platform says now.
    if (r.loan) replaceLoan(workspace.id, r.loan);
    if (r.outcome !== 'refused') void refreshLoan(workspace.id, loan.loanId);
    if (r.outcome === 'done') setOpen(null);
  };

  const optional = <K extends string>(key: K, v: string) =>
    (v.trim() ? { [key]: v.trim() } : {}) as Partial<Record<K, string>>;

  const inputFor = (id: ActionId): ActionInput => {
    const effectiveDate = localInputToEpochMs(effective);
    const when = effectiveDate ? { effectiveDate } : {};
    switch (id) {
      case 'approve':
        return { kind: 'loans.approve', loanId: loan.loanId };
      case 'cancel-interest':
        return {
          kind: 'loans.cancelInterestPayment',
          loanId: loan.loanId,
          loanAllocationId: allocationId,
          ...when,
          ...optional('portfolioId', portfolioId),
        };
      case 'accept-repayment':
        // The amount is sent exactly as typed: the schema refuses spaces rather than trimming them.
        return {
          kind: 'loans.acceptRepayment',
          loanId: loan.loanId,
          amount,
          ...(allocationId ? { requestAllocationId: allocationId } : {}),
          ...optional('collateralPortfolioId', portfolioId),
          ...when,
        };
      case 'confirm-disbursement':
        return {
          kind: 'loans.confirmExternalDisbursement',
          loanId: loan.loanId,
          loanAllocationId: allocationId,
          ...optional('collateralPortfolioId', portfolioId),
        };
    }
  };

  const review = (id: ActionId) => void launcher.launch(workspace.id, inputFor(id), onResult);

  /** Pre-fills the amount from a request only where it is a plain decimal string. */
  const pick = (id: string, form: FormId | null) => {
    setAllocationId(id);
    if (form !== 'accept-repayment') return;
    const v = canAcceptRepayment(loan, side, id === '' ? undefined : id);
    setAmount(repaymentAmountDefault(v.ok ? v.allocation : null).amount ?? '');
  };

  /** An action with a form shows "…" and opens the form; one without goes straight to review. */
  const button = (id: ActionId, operation: keyof typeof can) => {
    const avail = can[operation];
    const needsForm = id !== 'approve';
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
            if (id === 'approve') return review(id);
            setPortfolioId('');
            setEffective('');
            setOpen(open === id ? null : id);
            pick(avail.ok ? (avail.allocation?.loanAllocationId ?? '') : '', id);
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

  const notPrefilled = open === 'accept-repayment' ? repaymentAmountDefault(request) : null;
  const ceiling = open === 'accept-repayment' ? repaymentCeiling(request) : null;
  const needsAllocation = open === 'cancel-interest' || open === 'confirm-disbursement';
  const blocked =
    current !== null && !current.ok
      ? current.why
      : needsAllocation && allocationId === ''
        ? 'Pick the allocation this acts on.'
        : null;
  const portfolioField = open === 'cancel-interest' ? 'portfolioId' : 'collateralPortfolioId';
  return (
    <div className="loan-actions" data-testid="loan-actions">
      {button('approve', 'approve')}
      {button('cancel-interest', 'cancelInterestPayment')}
      {button('accept-repayment', 'acceptRepayment')}
      {button('confirm-disbursement', 'confirmExternalDisbursement')}
      {launcher.error ? <ErrorBanner error={launcher.error} testId="action-error" /> : null}
      {open ? (
        <form
          className="action-form"
          data-testid={`action-form-${open}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (blocked === null) review(open);
          }}
        >
          <label className="field">
            {open === 'accept-repayment'
              ? 'Repayment request (read for the ceiling and the check; not sent)'
              : 'Allocation'}
            <select
              value={allocationId}
              onChange={(e) => pick(e.target.value, open)}
              className="mono"
              data-testid="action-allocation"
            >
              <option value="">
                {open === 'accept-repayment' ? '(none: the platform decides which)' : '(pick one)'}
              </option>
              {allocations.map((a) => (
                <option key={a.loanAllocationId} value={a.loanAllocationId}>
                  {optionText(a)}
                </option>
              ))}
            </select>
            <FieldError
              name="loanAllocationId"
              message={launcher.fieldErrors.loanAllocationId ?? launcher.fieldErrors.requestAllocationId}
            />
          </label>
          {skipped > 0 ? (
            <p className="small muted" data-testid="action-allocations-skipped">
              {skipped} allocation entr{skipped === 1 ? 'y' : 'ies'} could not be read and{' '}
              {skipped === 1 ? 'is' : 'are'} not offered.
            </p>
          ) : null}
          {current?.ok && current.warnings.length ? (
            <ul className="notice small" data-testid="action-warnings">
              {current.warnings
                .filter((w) => !/could not be read/.test(w))
                .map((w) => (
                  <li key={w}>{w}</li>
                ))}
            </ul>
          ) : null}
          {open === 'accept-repayment' ? (
            <label className="field">
              Amount
              {ceiling?.ceiling != null
                ? ` (at most the requested ${ceiling.ceiling} ${String(request?.currency ?? '')})`
                : ''}
              <input
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                className="mono"
                data-testid="action-amount"
                aria-invalid={launcher.fieldErrors.amount !== undefined}
              />
              {notPrefilled && notPrefilled.amount === null ? (
                <span className="small muted" data-testid="action-amount-not-prefilled">
                  {notPrefilled.why}
                </span>
              ) : null}
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
          {blocked !== null ? (
            <span className="why-not" data-testid="action-blocked">
              {blocked}
            </span>
          ) : null}
          <div className="actions-row">
            <button
              type="submit"
              className="btn small primary"
              data-testid="action-review"
              disabled={launcher.preparing || blocked !== null}
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
