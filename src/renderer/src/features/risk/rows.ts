/** The board's rows: each open loan with its risk reading, computed once per board and clock tick. */
import type { Counterparty, Loan, LoanEmbedded } from '@shared/platform/resources';
import { objectEntries, objectOr, stringOr } from '../../lib/display-text';
import { loanSide, type LoanSide } from '@shared/loan-actions';
import { assessLoan, type RiskBoard, type RiskRow, type TrackedLoan } from '@shared/risk';
import { topUpWorking, type TopUpAnswer } from '@shared/risk-top-up';

export interface BoardRow {
  loan: Loan;
  risk: RiskRow;
  side: LoanSide | null;
  /** The other party's name when the platform sent it, else its id. */
  counterparty: string;
  tracked: TrackedLoan | undefined;
  /** The board's warning band (LTV points): the top-up target depends on it. */
  warningPoints: string;
  /**
   * The top-up for a loan at or past its margin call (margin-call and default bands), computed from
   * the loan as the watch computes it (@shared/risk-top-up); null for the other bands.
   */
  topUp: TopUpAnswer | null;
}

function counterpartyOf(loan: Loan, side: BoardRow['side']): string {
  const id = side === 'lend' ? loan.borrowerCounterpartyId : loan.lenderCounterpartyId;
  // The platform may send null for `embedded`, the list or an entry of it (issue 25).
  const named = objectEntries<Counterparty>(objectOr<LoanEmbedded>(loan.embedded)?.counterparties).find(
    (c) => c.counterpartyId === id,
  );
  const name = named?.counterpartyName;
  return typeof name === 'string' && name !== '' ? name : stringOr(id);
}

/**
 * Rows of the boards already shown, per clock step: opening the tab again within the same step
 * reuses the rows (and, through the array's identity, the table's cached sort keys) instead of
 * assessing thousands of loans again.
 */
const computed = new WeakMap<RiskBoard, { key: string; rows: BoardRow[] }>();

export function boardRows(board: RiskBoard, organizationId: string, now: string): BoardRow[] {
  const key = `${organizationId}\u0000${now}`;
  const hit = computed.get(board);
  if (hit?.key === key) return hit.rows;
  const rows = assessBoard(board, organizationId, now);
  computed.set(board, { key, rows });
  return rows;
}

function assessBoard(board: RiskBoard, organizationId: string, now: string): BoardRow[] {
  return board.loans.map((loan) => {
    const tracked = typeof loan.loanId === 'string' ? board.tracked[loan.loanId] : undefined;
    const side = loanSide(loan, organizationId);
    const { warningPoints } = board.settings;
    const risk = assessLoan(loan, now, { warningPoints, firstSeenAt: tracked?.marginCallSeenAt });
    const pastMarginCall = risk.band === 'margin-call' || risk.band === 'default';
    return {
      loan,
      risk,
      side,
      counterparty: counterpartyOf(loan, side),
      tracked,
      warningPoints,
      topUp: pastMarginCall ? topUpWorking(loan, warningPoints).answer : null,
    };
  });
}
