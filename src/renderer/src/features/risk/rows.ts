/** The board's rows: each open loan with its risk reading, computed once per board and clock tick. */
import type { Counterparty, Loan, LoanEmbedded } from '@shared/platform/resources';
import { objectEntries, objectOr, stringOr } from '../../lib/display-text';
import { loanSide, type LoanSide } from '@shared/loan-actions';
import { assessLoan, type RiskBoard, type RiskRow, type TrackedLoan } from '@shared/risk';

export interface BoardRow {
  loan: Loan;
  risk: RiskRow;
  side: LoanSide | null;
  /** The other party's name when the platform sent it, else its id. */
  counterparty: string;
  tracked: TrackedLoan | undefined;
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
    return {
      loan,
      risk: assessLoan(loan, now, {
        warningPoints: board.settings.warningPoints,
        firstSeenAt: tracked?.marginCallSeenAt,
      }),
      side,
      counterparty: counterpartyOf(loan, side),
      tracked,
    };
  });
}

/** "2 h 05 min", "4 min 10 s", "-12 min" (expired); from a ms string, for display only. */
export function formatDuration(ms: string | null): string {
  if (ms === null) return '—';
  const n = Number(ms);
  if (!Number.isFinite(n)) return '—';
  const sign = n < 0 ? '-' : '';
  const s = Math.floor(Math.abs(n) / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${sign}${d} d ${h} h`;
  if (h > 0) return `${sign}${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${sign}${m} min ${sec} s`;
  return `${sign}${sec} s`;
}
