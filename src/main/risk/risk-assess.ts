/**
 * One reading of the risk watch turned into tracked state and alerts (pure: no I/O).
 *
 * A loan missing from a reading is NOT SEEN, never gone (issue 25, finding 2): a loan updated
 * during an offset walk can drop out of it, and the watch used to forget it after any walk it
 * believed complete, so an acknowledged margin call came back as a new alert with its
 * acknowledgement lost and its cure clock restarted. Its tracked state (band, acknowledgement,
 * first sighting, reminders) now stays as it was until the loan is SEEN CLOSED: read with a status
 * in CLOSED_LOAN_STATUSES (`early-termination-completed`, `defaulted`, `default-resolved`,
 * `cancelled`, `rejected`, `errored`, `repaid`, `closed`: the statuses after which the platform's
 * `isOpen` filter no longer lists a loan, src/shared/platform/enums.ts). The specification lists
 * the statuses but not which are final; that list is the console's one reading of them.
 */
import {
  NEAR_CURE_END_MS,
  cureTime,
  riskBand,
  type RiskAlertKind,
  type TopUp,
  type TrackedLoan,
} from '../../shared/risk';
import { CLOSED_LOAN_STATUSES } from '../../shared/platform/enums';
import type { Loan } from '../../shared/platform/resources';
import type { WorkspaceRiskState } from './risk-state-file';
import { topUpFromLoan } from '../../shared/risk-top-up';

export interface RaisedAlert {
  loan: Loan;
  kind: RiskAlertKind;
  topUp: TopUp | null;
}

/** Whether the platform says the loan has ended (see the file comment for the list). */
export function isClosedLoan(loan: Loan): boolean {
  return (CLOSED_LOAN_STATUSES as readonly unknown[]).includes(loan.status);
}

/** The tracked entry of a loan, never one inherited from Object.prototype ("constructor"). */
export function trackedOf(ws: WorkspaceRiskState, loanId: string): TrackedLoan | undefined {
  return Object.hasOwn(ws.loans, loanId) ? ws.loans[loanId] : undefined;
}

/**
 * Updates `ws` from the loans read in one cycle (open ones, and any closed ones read back by id)
 * and answers the alerts it calls for. Tracked loans not in `loans` are left exactly as they were.
 */
export function assessReading(ws: WorkspaceRiskState, loans: readonly Loan[], now: string): RaisedAlert[] {
  const { settings } = ws;
  const alerts: RaisedAlert[] = [];
  for (const loan of loans) {
    if (isClosedLoan(loan)) {
      // Seen closed: the only way a loan's tracked state ends.
      delete ws.loans[loan.loanId];
      continue;
    }
    const band = riskBand(loan, settings.warningPoints);
    const prev = trackedOf(ws, loan.loanId);
    if (band === 'unknown') {
      if (prev === undefined) ws.loans[loan.loanId] = { band };
      continue;
    }
    const before = prev === undefined || prev.band === 'unknown' ? 'healthy' : prev.band;
    const tracked: TrackedLoan = prev ?? { band };
    tracked.band = band;
    ws.loans[loan.loanId] = tracked;
    // While in margin call the top-up follows the loan's latest LTV (computed, nothing sent).
    if (band === 'margin-call') tracked.topUp = topUpFromLoan(loan, now, settings.warningPoints);
    const alert = (kind: RiskAlertKind) => alerts.push({ loan, kind, topUp: tracked.topUp ?? null });
    if (band !== before) {
      if (before === 'margin-call') {
        delete tracked.marginCallSeenAt;
        delete tracked.acknowledgedAt;
        delete tracked.lastReminderAt;
        delete tracked.cureEndingNotified;
        delete tracked.topUp;
      }
      if (band === 'margin-call') {
        tracked.marginCallSeenAt = now;
        tracked.lastReminderAt = now;
        alert('margin-call');
      } else if (band === 'default') alert('default');
      else if (before === 'margin-call' || before === 'default') alert('healthy');
      else if (band === 'warning' && before === 'healthy') alert('warning');
    } else if (band === 'margin-call' && tracked.acknowledgedAt === undefined) {
      const last = Number(tracked.lastReminderAt ?? tracked.marginCallSeenAt ?? now);
      if (Number(now) - last >= settings.reminderMs) {
        tracked.lastReminderAt = now;
        alert('reminder');
      }
    }
    if (band === 'margin-call' && !tracked.cureEndingNotified) {
      const cure = cureTime(loan, now, tracked.marginCallSeenAt);
      if (cure?.remainingMs != null && Number(cure.remainingMs) <= NEAR_CURE_END_MS) {
        tracked.cureEndingNotified = true;
        alert('cure-ending');
      }
    }
  }
  return alerts;
}

/** Tracked loans this reading did not see: still remembered, to be read back by id. */
export function notSeenIds(ws: WorkspaceRiskState, loans: readonly Loan[]): string[] {
  const seen = new Set(loans.map((l) => l.loanId));
  return Object.keys(ws.loans).filter((id) => !seen.has(id));
}
