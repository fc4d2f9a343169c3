import { useEffect, useState } from 'react';
import type { ActionResult } from '@shared/actions';
import type { WorkspaceView } from '@shared/contract';
import { LOAN_ACTIONS, type LoanActionKind } from '@shared/action-kinds';
import {
  loanAllocationsOf,
  loanSide,
  repaymentAmountDefault,
  repaymentCeiling,
  type Verdict,
} from '@shared/loan-actions';
import { isJsonNumberText } from '@shared/json-number';
import type { Loan, LoanAllocation } from '@shared/platform/resources';
import { ActionErrorBanner } from '../../components/actions/OutcomeView';
import { useActionLauncher } from '../../components/actions/use-action';
import { useVerdicts } from '../../components/actions/verdicts';
import { localInputToEpochMs } from '../../lib/time';
import { PortfolioIdField } from '../../components/PortfolioIdField';
import { LOAN_ACTION_FORMS, LOAN_ACTION_FORM_LIST, PORTFOLIO_LABELS } from './loan-action-forms';
import { PartialAcceptanceNote } from './PartialAcceptanceNote';
import { refreshLoan, replaceLoan } from './queries';

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
  // Which kind's form is open: the kind string is the id (of the form, its button and its test ids).
  const [open, setOpen] = useState<LoanActionKind | null>(null);
  const [amount, setAmount] = useState('');
  const [portfolioId, setPortfolioId] = useState('');
  const [effective, setEffective] = useState('');
  const [allocationId, setAllocationId] = useState('');
  /** The form closed because its action no longer applies, and why (shown until another opens). */
  const [closed, setClosed] = useState<{ kind: LoanActionKind; why: string } | null>(null);
  /** An action sent from here whose outcome is unknown: its settlement re-reads the loan. */
  const [pending, setPending] = useState<string | null>(null);
  const settledPending = useVerdicts((s) => (pending === null ? undefined : s.settled[pending]));
  const launcher = useActionLauncher();

  const side = loanSide(loan, workspace.organizationId);
  const { allocations, skipped } = loanAllocationsOf(loan);
  const pickedId = allocationId === '' ? undefined : allocationId;
  const fields = open === null ? null : LOAN_ACTION_FORMS[open].fields;

  /** The rules for the open form's current pick: its warnings, or why it cannot be reviewed. */
  const current: Verdict | null =
    open === null ? null : LOAN_ACTIONS[open].availability(loan, side, pickedId);
  const isRequest = fields?.allocation === 'request';
  const request = isRequest && current?.ok ? current.allocation : null;

  const onResult = (r: ActionResult) => {
    // Done or unknown, the loan may have changed: show what the platform says now.
    if (r.loan) replaceLoan(workspace.id, r.loan);
    if (r.outcome !== 'refused') void refreshLoan(workspace.id, loan.loanId);
    if (r.outcome === 'done') setOpen(null);
    if (r.outcome === 'unknown') setPending(r.id);
  };

  // The open form closes with a line saying why, rather than leaving a button that cannot act.
  // Settled (Check now, or the operator's word, wherever it was done): read the loan again; an
  // action that took effect no longer applies.
  useEffect(() => {
    if (settledPending === undefined) return;
    setPending(null);
    void refreshLoan(workspace.id, loan.loanId);
    if (settledPending.settled === 'done' && open !== null) {
      const how = settledPending.by === 'check' ? 'Check now found it' : 'you recorded it';
      setClosed({ kind: open, why: `it took effect (${how}). Nothing more to send.` });
      setOpen(null);
    }
  }, [settledPending, open, workspace.id, loan.loanId]);
  // The loan changed (read again, or by an event) so that the action's stated rule refuses it now.
  const wholeVerdict = open === null ? null : LOAN_ACTIONS[open].availability(loan, side);
  const noLonger = wholeVerdict !== null && !wholeVerdict.ok ? wholeVerdict.why : null;
  useEffect(() => {
    if (open === null || noLonger === null) return;
    setClosed({ kind: open, why: noLonger });
    setOpen(null);
  }, [open, noLonger]);

  const review = (kind: LoanActionKind) => {
    const effectiveDate = localInputToEpochMs(effective);
    const draft = { allocationId, amount, portfolioId, ...(effectiveDate ? { effectiveDate } : {}) };
    void launcher.launch(workspace.id, LOAN_ACTION_FORMS[kind].input(loan.loanId, draft), onResult);
  };

  /** Pre-fills the amount from a request only where it is a plain decimal string. */
  const pick = (id: string, kind: LoanActionKind | null) => {
    setAllocationId(id);
    if (kind === null || !LOAN_ACTION_FORMS[kind].fields?.amount) return;
    const v = LOAN_ACTIONS[kind].availability(loan, side, id === '' ? undefined : id);
    setAmount(repaymentAmountDefault(v.ok ? v.allocation : null).amount ?? '');
  };

  /** A kind with a form shows "…" and opens the form; one without goes straight to review. */
  const button = (kind: LoanActionKind) => {
    const form = LOAN_ACTION_FORMS[kind];
    const avail = LOAN_ACTIONS[kind].availability(loan, side);
    return (
      <div className="action-item" key={kind}>
        <button
          type="button"
          className="btn small"
          data-testid={`action-${kind}`}
          disabled={!avail.ok || launcher.preparing}
          title={avail.ok ? form.label : avail.why}
          onClick={() => {
            launcher.reset();
            setClosed(null);
            if (form.fields === null) return review(kind);
            setPortfolioId('');
            setEffective('');
            setOpen(open === kind ? null : kind);
            pick(avail.ok ? (avail.allocation?.loanAllocationId ?? '') : '', kind);
          }}
        >
          {form.label}
        </button>
        {!avail.ok ? (
          <span className="why-not" data-testid={`why-not-${kind}`}>
            {avail.why}
          </span>
        ) : null}
      </div>
    );
  };

  const notPrefilled = fields?.amount ? repaymentAmountDefault(request) : null;
  const ceiling = fields?.amount ? repaymentCeiling(request) : null;
  const needsAllocation = fields?.allocation === 'required';
  const blocked =
    current !== null && !current.ok
      ? current.why
      : needsAllocation && allocationId === ''
        ? 'Pick the allocation this acts on.'
        : null;
  const portfolioField = fields?.portfolio ?? 'collateralPortfolioId';
  return (
    <div className="loan-actions" data-testid="loan-actions">
      {LOAN_ACTION_FORM_LIST.map((form) => button(form.kind))}
      {launcher.error ? <ActionErrorBanner error={launcher.error} testId="action-error" /> : null}
      {closed !== null ? (
        <p className="small notice" data-testid="action-form-closed" role="status">
          {LOAN_ACTIONS[closed.kind].title} no longer applies: {closed.why}
        </p>
      ) : null}
      {open !== null && fields !== null ? (
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
            {isRequest ? 'Repayment request (read for the ceiling and the check; not sent)' : 'Allocation'}
            <select
              value={allocationId}
              onChange={(e) => pick(e.target.value, open)}
              className="mono"
              data-testid="action-allocation"
            >
              <option value="">{isRequest ? '(none: the platform decides which)' : '(pick one)'}</option>
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
          {fields.amount ? (
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
              <PartialAcceptanceNote
                amount={amount}
                requested={ceiling?.ceiling}
                currency={String(request?.currency ?? '')}
              />
            </label>
          ) : null}
          <PortfolioIdField
            workspaceId={workspace.id}
            label={PORTFOLIO_LABELS[portfolioField]}
            value={portfolioId}
            onChange={setPortfolioId}
            testId="action-portfolio"
          >
            <FieldError name={portfolioField} message={launcher.fieldErrors[portfolioField]} />
          </PortfolioIdField>
          {fields.effectiveDate ? (
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
