/**
 * The detail of the selected loan. The list holds rows (shared/loan-row.ts); the detail and its
 * actions work on the loan read whole and fresh: asked for once the selection has settled (not per
 * arrow key), again on every selection, with the row's heading shown meanwhile.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import type { LoanRow } from '@shared/loan-row';
import type { AppError } from '@shared/result';
import { Badge } from '../../components/Badge';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoanPane } from '../../components/LoanPane';
import { viewState } from '../../state/query-client';
import { LoanDetail } from './LoanDetail';
import { loanQuery } from './queries';

/** Arrow keys move the selection faster than this; the loan is read once they stop. */
const SETTLE_MS = 150;

interface Props {
  workspace: WorkspaceView;
  row: LoanRow;
  onClose(): void;
}

/** Keyed by loan id by its parent: a new selection starts afresh. */
export function LoanDetailLoader(props: Props) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(t);
  }, []);
  return settled ? <LoanRead {...props} /> : <LoanPending {...props} error={null} />;
}

function LoanRead({ workspace, row, onClose }: Props) {
  // A loan read earlier is shown at once, and read again: the detail acts on what the platform
  // says now. (Without one, the query's first read is that read.) Once per selection: this
  // component is keyed by loan id.
  const loan = useQuery({ ...loanQuery(workspace.id, row.loanId), refetchOnMount: 'always' });
  const reload = () => void loan.refetch();
  if (loan.data !== undefined && loan.data.loanId === row.loanId)
    return <LoanDetail workspace={workspace} loan={loan.data} onClose={onClose} />;
  return (
    <LoanPending
      workspace={workspace}
      row={row}
      onClose={onClose}
      error={viewState(loan).error}
      onRetry={reload}
    />
  );
}

function LoanPending({
  row,
  onClose,
  error,
  onRetry,
}: Props & { error: AppError | null; onRetry?: () => void }) {
  return (
    <LoanPane
      testId="loan-detail"
      label="Loan detail"
      loan={row}
      state={error ? 'error' : 'reading'}
      onClose={onClose}
      badges={<Badge value={row.status} />}
    >
      {error ? (
        <ErrorBanner error={error} onRetry={onRetry} />
      ) : (
        <p className="muted" data-testid="loan-detail-reading">
          <span className="spinner" aria-hidden /> Reading the loan…
        </p>
      )}
    </LoanPane>
  );
}
