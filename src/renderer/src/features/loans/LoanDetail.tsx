import { useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { Loan } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { LoanActions } from './LoanActions';
import { LoanEmbedded } from './LoanEmbedded';
import { LoanExtraFields, LoanFields } from './LoanFields';
import { loanSide } from '@shared/loan-actions';
import { LOAN_SIDE_PARTIES } from '@shared/platform/enums';
import { LtvBar } from '../../components/LtvBar';
import { LtvEstimate } from './LtvEstimate';
import { LoanPane } from '../../components/LoanPane';

export function LoanDetail({
  workspace,
  loan,
  onClose,
}: {
  workspace: WorkspaceView;
  loan: Loan;
  onClose(): void;
}) {
  const [estimating, setEstimating] = useState(false);
  const side = loanSide(loan, workspace.organizationId);
  return (
    <LoanPane
      testId="loan-detail"
      label="Loan detail"
      loan={loan}
      onClose={onClose}
      badges={
        <>
          <Badge value={loan.status} />
          {side ? <Badge value={side} label={`you are ${LOAN_SIDE_PARTIES[side]}`} /> : null}
        </>
      }
    >
      <LtvBar
        ltv={loan.debtRatio}
        status={loan.debtRatioStatus}
        marginCall={loan.extra?.marginCallThreshold}
        defaultAt={loan.extra?.defaultThreshold}
      />
      <h4>Actions</h4>
      <LoanActions key={loan.loanId} workspace={workspace} loan={loan} />
      <div className="action-item">
        <button
          type="button"
          className="btn small"
          data-testid="action-estimate-ltv"
          aria-expanded={estimating}
          onClick={() => setEstimating((s) => !s)}
        >
          {estimating ? 'Hide LTV estimate' : 'Estimate LTV (what-if)…'}
        </button>
      </div>
      {estimating ? <LtvEstimate key={loan.loanId} workspace={workspace} loan={loan} /> : null}
      <h4>Loan</h4>
      <LoanFields loan={loan} />
      <h4>Extra</h4>
      <LoanExtraFields extra={loan.extra} />
      <LoanEmbedded embedded={loan.embedded} />
    </LoanPane>
  );
}
