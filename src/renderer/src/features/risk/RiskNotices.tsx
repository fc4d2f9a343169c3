/** The in-app notice of the watch's alerts for one workspace (newest first), with acknowledge. */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RiskAlert } from '@shared/risk';
import { describeJobFailure, type JobFailure } from '@shared/job-status';
import { notificationPermission } from './alerts';
import { acknowledgeRisk, dismissAlert, riskAlertsQuery, watchFailureQuery } from './queries';

const NO_ALERTS: RiskAlert[] = [];

const SHOWN = 5;

export function RiskNotices({ workspaceId }: { workspaceId: string }) {
  const all = useQuery(riskAlertsQuery).data ?? NO_ALERTS;
  const alerts = all.filter((a) => a.workspaceId === workspaceId);
  const [permission, setPermission] = useState(notificationPermission());
  const [error, setError] = useState<string | null>(null);
  const failure = useWatchFailure(workspaceId);
  const acknowledge = async (alert: RiskAlert) => {
    const res = await acknowledgeRisk(workspaceId, alert.loanId);
    setError(res.ok ? null : res.error.message);
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
            onClick={() => dismissAlert(a)}
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
 * Issue 25: the watch's last cycle threw (written from its `risk-changed` event by queries.ts),
 * with the time shown counting down to the retry; gone once a cycle succeeds.
 */
function useWatchFailure(workspaceId: string): { value: JobFailure; now: number } | null {
  const held = useQuery(watchFailureQuery(workspaceId)).data;
  const failure = held?.failure ?? null;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (failure === null) return;
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [failure]);
  return failure === null || held === undefined ? null : { value: failure, now: Math.max(tick, held.seenAt) };
}
