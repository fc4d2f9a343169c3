/** The in-app notice of the watch's alerts for one workspace (newest first), with acknowledge. */
import { useEffect, useState } from 'react';
import type { RiskAlert } from '@shared/risk';
import { describeJobFailure, type JobFailure } from '@shared/job-status';
import { copper } from '../../lib/api';
import { notificationPermission, useRiskAlerts } from './alerts';
import { putBoard } from './queries';

const SHOWN = 5;

export function RiskNotices({ workspaceId }: { workspaceId: string }) {
  const all = useRiskAlerts((s) => s.alerts);
  const alerts = all.filter((a) => a.workspaceId === workspaceId);
  const [permission, setPermission] = useState(notificationPermission());
  const [error, setError] = useState<string | null>(null);
  const failure = useWatchFailure(workspaceId);
  const acknowledge = async (alert: RiskAlert) => {
    const res = await copper().risk.acknowledge({ workspaceId, loanId: alert.loanId });
    if (!res.ok) return setError(res.error.message);
    setError(null);
    putBoard(workspaceId, res.value);
    useRiskAlerts.setState((s) => ({
      alerts: s.alerts.filter(
        (a) =>
          !(
            a.workspaceId === workspaceId &&
            a.loanId === alert.loanId &&
            (a.kind === 'reminder' || a.kind === 'margin-call')
          ),
      ),
    }));
  };
  return (
    <div className="risk-notices" data-testid="risk-notices">
      {permission === 'default' ? (
        <button
          type="button"
          className="btn small"
          data-testid="risk-enable-notifications"
          onClick={() => void Notification.requestPermission().then((p) => setPermission(p))}
        >
          Show risk alerts as desktop notifications
        </button>
      ) : null}
      {error ? <div className="notice warn">{error}</div> : null}
      {failure ? (
        <div className="notice warn" role="alert" data-testid="risk-watch-failure">
          {capitalized(describeJobFailure(failure.value, failure.now))}
        </div>
      ) : null}
      {alerts.slice(0, SHOWN).map((a) => (
        <div
          key={`${a.loanId}:${a.kind}:${a.at}`}
          className={`notice ${a.kind === 'healthy' ? '' : 'warn'}`}
          role="status"
          data-testid="risk-alert"
          data-kind={a.kind}
          data-loan-id={a.loanId}
        >
          <strong>{a.title}</strong> — {a.body}{' '}
          {a.kind === 'margin-call' || a.kind === 'reminder' || a.kind === 'cure-ending' ? (
            <button
              type="button"
              className="btn small"
              data-testid="risk-acknowledge"
              onClick={() => void acknowledge(a)}
            >
              Acknowledge
            </button>
          ) : null}{' '}
          <button
            type="button"
            className="btn small ghost"
            aria-label="Dismiss"
            onClick={() => useRiskAlerts.getState().dismiss(a)}
          >
            ✕
          </button>
        </div>
      ))}
      {alerts.length > SHOWN ? (
        <span className="muted small">and {alerts.length - SHOWN} earlier alerts</span>
      ) : null}
    </div>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Issue 25: the watch's last cycle threw (from its `risk-changed` event), with the time shown
 * counting down to the retry; gone once a cycle succeeds or the workspace changes.
 */
function useWatchFailure(workspaceId: string): { value: JobFailure; now: number } | null {
  // Kept with its workspace: a switch shows nothing until that workspace's watch reports.
  const [held, setHeld] = useState<{ workspaceId: string; value: JobFailure } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(
    () =>
      copper().events.on('risk-changed', (e) => {
        if (e.workspaceId !== workspaceId) return;
        setNow(Date.now());
        setHeld(e.failure ? { workspaceId, value: e.failure } : null);
      }),
    [workspaceId],
  );
  const value = held?.workspaceId === workspaceId ? held.value : null;
  useEffect(() => {
    if (value === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [value]);
  return value === null ? null : { value, now };
}
