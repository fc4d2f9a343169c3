import { useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { Loan } from '@shared/platform/resources';
import type { Result } from '@shared/result';
import { Amount } from '../../components/Amount';
import { openConfirm, useInFlight, type ConfirmOutcome } from '../../components/confirm/confirm-store';
import { copper } from '../../lib/api';
import { localInputToEpochMs } from '../../lib/time';
import {
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanSide,
  type Availability,
} from './loan-rules';
import { refreshLoan, replaceLoan } from './queries';

type ActionId = 'approve' | 'cancel-interest' | 'accept-repayment' | 'confirm-disbursement';

interface LoanActionsProps {
  workspace: WorkspaceView;
  loan: Loan;
}

/** The loan's state-changing actions; each says why it is unavailable, each goes through confirmation. */
export function LoanActions({ workspace, loan }: LoanActionsProps) {
  const side = loanSide(loan, workspace.organizationId);
  const [open, setOpen] = useState<ActionId | null>(null);
  const [amount, setAmount] = useState('');
  const [portfolioId, setPortfolioId] = useState('');
  const [effective, setEffective] = useState('');
  const busyKey = (a: ActionId) => `${workspace.id}:${loan.loanId}:${a}`;
  const inFlight = {
    approve: useInFlight(busyKey('approve')),
    'cancel-interest': useInFlight(busyKey('cancel-interest')),
    'accept-repayment': useInFlight(busyKey('accept-repayment')),
    'confirm-disbursement': useInFlight(busyKey('confirm-disbursement')),
  };

  const approve = canApprove(loan, side);
  const cancelInterest = canCancelInterestPayment(loan, side);
  const accept = canAcceptRepayment(loan, side);
  const confirmDisb = canConfirmExternalDisbursement(loan, side);

  const finish = async (res: Result<Loan>): Promise<ConfirmOutcome> => {
    if (!res.ok) return { ok: false, error: res.error };
    replaceLoan(workspace.id, res.value);
    void refreshLoan(workspace.id, res.value.loanId);
    setOpen(null);
    return { ok: true, summary: `Done. The platform returned the loan in status “${res.value.status}”.` };
  };

  const base = [
    // The loan id is the dialog's Target; the external id is how people often know a loan.
    ...(loan.externalId
      ? [{ label: 'External id', value: <span className="mono">{loan.externalId}</span> }]
      : []),
    { label: 'Loan amount', value: <Amount value={loan.amount} currency={loan.currency} /> },
    { label: 'Status now', value: loan.status },
    { label: 'Your side', value: side ?? 'none' },
  ];
  const target = `Loan ${loan.loanId}`;
  const optional = <T extends string>(key: T, v: string) =>
    (v.trim() ? { [key]: v.trim() } : {}) as Partial<Record<T, string>>;

  const review = (id: ActionId) => {
    const ws = workspace.id;
    if (id === 'approve') {
      openConfirm({
        title: 'Approve loan',
        actionLabel: 'Approve loan',
        workspace,
        target,
        key: busyKey(id),
        details: base,
        run: async () => finish(await copper().loans.approve({ workspaceId: ws, loanId: loan.loanId })),
      });
    } else if (id === 'cancel-interest' && cancelInterest.ok) {
      const a = cancelInterest.allocation;
      const effectiveDate = localInputToEpochMs(effective);
      openConfirm({
        title: 'Cancel interest payment request',
        actionLabel: 'Cancel interest payment',
        workspace,
        target,
        key: busyKey(id),
        details: [
          ...base,
          { label: 'Allocation', value: <span className="mono">{a.loanAllocationId}</span> },
          { label: 'Interest amount', value: <Amount value={a.amount} currency={a.currency} /> },
          ...(effectiveDate
            ? [{ label: 'Effective date', value: new Date(Number(effectiveDate)).toLocaleString() }]
            : []),
        ],
        run: async () =>
          finish(
            await copper().loans.cancelInterestPayment({
              workspaceId: ws,
              loanId: loan.loanId,
              loanAllocationId: a.loanAllocationId,
              ...(effectiveDate ? { effectiveDate } : {}),
              ...optional('portfolioId', portfolioId),
            }),
          ),
      });
    } else if (id === 'accept-repayment' && accept.ok) {
      const a = accept.allocation;
      const effectiveDate = localInputToEpochMs(effective);
      const amt = amount.trim() || a.amount;
      openConfirm({
        title: 'Accept repayment',
        actionLabel: 'Accept repayment',
        workspace,
        target,
        key: busyKey(id),
        details: [
          ...base,
          { label: 'Requested amount', value: <Amount value={a.amount} currency={a.currency} /> },
          { label: 'Amount to accept', value: <Amount value={amt} currency={a.currency} /> },
          ...(portfolioId.trim() ? [{ label: 'Collateral portfolio', value: portfolioId.trim() }] : []),
        ],
        run: async () =>
          finish(
            await copper().loans.acceptRepayment({
              workspaceId: ws,
              loanId: loan.loanId,
              amount: amt,
              ...optional('collateralPortfolioId', portfolioId),
              ...(effectiveDate ? { effectiveDate } : {}),
            }),
          ),
      });
    } else if (id === 'confirm-disbursement' && confirmDisb.ok) {
      const a = confirmDisb.allocation;
      openConfirm({
        title: 'Confirm external disbursement',
        actionLabel: 'Confirm disbursement',
        workspace,
        target,
        key: busyKey(id),
        details: [
          ...base,
          { label: 'Allocation', value: <span className="mono">{a.loanAllocationId}</span> },
          { label: 'Disbursed amount', value: <Amount value={a.amount} currency={a.currency} /> },
          ...(portfolioId.trim() ? [{ label: 'Collateral portfolio', value: portfolioId.trim() }] : []),
        ],
        run: async () =>
          finish(
            await copper().loans.confirmExternalDisbursement({
              workspaceId: ws,
              loanId: loan.loanId,
              loanAllocationId: a.loanAllocationId,
              ...optional('collateralPortfolioId', portfolioId),
            }),
          ),
      });
    }
  };

  const button = (id: ActionId, label: string, avail: Availability<unknown>, needsForm: boolean) => (
    <div className="action-item" key={id}>
      <button
        type="button"
        className="btn small"
        data-testid={`action-${id}`}
        disabled={!avail.ok || inFlight[id]}
        title={avail.ok ? label : avail.why}
        onClick={() => {
          if (!needsForm) return review(id);
          setAmount('');
          setPortfolioId('');
          setEffective('');
          setOpen(open === id ? null : id);
        }}
      >
        {inFlight[id] ? 'Sending…' : label}
      </button>
      {!avail.ok ? (
        <span className="why-not" data-testid={`why-not-${id}`}>
          {avail.why}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className="loan-actions" data-testid="loan-actions">
      {button('approve', 'Approve', approve, false)}
      {button('cancel-interest', 'Cancel interest payment…', cancelInterest, true)}
      {button('accept-repayment', 'Accept repayment…', accept, true)}
      {button('confirm-disbursement', 'Confirm external disbursement…', confirmDisb, true)}
      {open ? (
        <form
          className="action-form"
          data-testid={`action-form-${open}`}
          onSubmit={(e) => {
            e.preventDefault();
            review(open);
          }}
        >
          {open === 'accept-repayment' ? (
            <label className="field">
              Amount (empty = requested {accept.ok ? accept.allocation.amount : ''})
              <input
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                className="mono"
              />
            </label>
          ) : null}
          {open !== 'cancel-interest' ? (
            <label className="field">
              Collateral portfolio id (optional)
              <input value={portfolioId} onChange={(e) => setPortfolioId(e.target.value)} className="mono" />
            </label>
          ) : (
            <label className="field">
              Portfolio id (optional)
              <input value={portfolioId} onChange={(e) => setPortfolioId(e.target.value)} className="mono" />
            </label>
          )}
          {open !== 'confirm-disbursement' ? (
            <label className="field">
              Effective date (optional)
              <input type="datetime-local" value={effective} onChange={(e) => setEffective(e.target.value)} />
            </label>
          ) : null}
          <div className="actions-row">
            <button type="submit" className="btn small primary" data-testid="action-review">
              Review…
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
