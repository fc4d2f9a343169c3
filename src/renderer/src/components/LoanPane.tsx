import type { ReactNode } from 'react';
import { Amount } from './Amount';
import { DetailPane } from './view-kit';

interface LoanPaneProps {
  testId: string;
  /** The pane's accessible name. */
  label: string;
  loan: { loanId: string; amount?: unknown; currency?: unknown };
  /** Shown after the loan's amount in the heading. */
  badges: ReactNode;
  /** `data-state` of the pane, where it tells whether the loan is still being read. */
  state?: string;
  onClose(): void;
  children?: ReactNode;
}

/** A detail pane about one loan: its amount and badges as the heading, `data-loan-id` naming the loan. */
export function LoanPane({ testId, label, loan, badges, state, onClose, children }: LoanPaneProps) {
  return (
    <DetailPane
      testId={testId}
      label={label}
      data={{ 'data-loan-id': loan.loanId, ...(state === undefined ? {} : { 'data-state': state }) }}
      onClose={onClose}
      title={
        <>
          <Amount value={loan.amount} currency={loan.currency} />
          {badges}
        </>
      }
    >
      {children}
    </DetailPane>
  );
}
