/**
 * One loan's line in the alert centre: its latest state coloured by severity, the time, the
 * answer (Acknowledge for a margin call, Mark seen otherwise), a link to the loan on the risk
 * board, and the loan's earlier alerts on expand.
 */
import { useId, useState } from 'react';
import type { RiskAlert } from '@shared/risk';
import { Timestamp } from '../../components/Timestamp';
import { acknowledgedByWatch, needsAttention, severityOf, type AlertLine, type Severity } from './alert-book';

export const SEVERITY_LABEL: Record<Severity, string> = {
  default: 'Default',
  'margin-call': 'Margin call',
  warning: 'Warning',
  healthy: 'Healthy',
};

export interface LineActions {
  acknowledge(line: AlertLine): void;
  markSeen(line: AlertLine): void;
  openLoan(line: AlertLine): void;
}

export function AlertLineView({ line, actions }: { line: AlertLine; actions: LineActions }) {
  const [expanded, setExpanded] = useState(false);
  const { latest } = line;
  const severity = severityOf(latest.kind);
  const historyId = useId();
  return (
    <li
      className={`alert-line sev-${severity}`}
      data-testid="alert-line"
      data-loan-id={line.loanId}
      data-kind={latest.kind}
      data-severity={severity}
      data-acknowledged={line.acknowledged}
    >
      <div className="alert-line-head">
        <span className="alert-sev" data-testid="alert-severity">
          {SEVERITY_LABEL[severity]}
        </span>
        <strong className="alert-title">{latest.title}</strong>
        <Timestamp value={latest.at} />
      </div>
      <div className="alert-body small">{latest.body}</div>
      <div className="alert-line-actions">
        <Answer line={line} actions={actions} />
        <button
          type="button"
          className="btn small ghost"
          data-testid="alert-open-loan"
          aria-label={`Open loan ${line.loanId} on the risk board`}
          onClick={() => actions.openLoan(line)}
        >
          Open loan
        </button>
        {line.history.length > 1 ? (
          <button
            type="button"
            className="btn small ghost"
            aria-expanded={expanded}
            aria-controls={historyId}
            data-testid="alert-history-toggle"
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Hide history' : `History (${line.history.length - 1} earlier)`}
          </button>
        ) : null}
      </div>
      {expanded ? <History id={historyId} alerts={line.history.slice(1)} /> : null}
    </li>
  );
}

/** The watch's acknowledge for a margin call (its reminders stop); the console's "Mark seen" otherwise. */
const ANSWERS = {
  acknowledge: { label: 'Acknowledge', title: 'Stops the reminders of this margin call' },
  'mark-seen': { label: 'Mark seen', title: 'Takes the loan out of the count until its state changes' },
} as const;

function Answer({ line, actions }: { line: AlertLine; actions: LineActions }) {
  if (line.acknowledged) return <span className="muted small">Acknowledged</span>;
  if (!needsAttention(line)) return null;
  const kind = acknowledgedByWatch(line.latest.kind) ? 'acknowledge' : 'mark-seen';
  return (
    <button
      type="button"
      className="btn small"
      data-testid={`alert-${kind}`}
      title={ANSWERS[kind].title}
      onClick={() => (kind === 'acknowledge' ? actions.acknowledge(line) : actions.markSeen(line))}
    >
      {ANSWERS[kind].label}
    </button>
  );
}

function History({ id, alerts }: { id: string; alerts: readonly RiskAlert[] }) {
  return (
    <ol className="alert-history" id={id} data-testid="alert-history">
      {alerts.map((a, i) => (
        <li key={`${a.at}:${a.kind}:${i}`} className={`sev-${severityOf(a.kind)}`} data-kind={a.kind}>
          <span className="alert-sev">{SEVERITY_LABEL[severityOf(a.kind)]}</span> <Timestamp value={a.at} />{' '}
          {a.title}
          {a.body ? <span className="muted"> — {a.body}</span> : null}
        </li>
      ))}
    </ol>
  );
}
