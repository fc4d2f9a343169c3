/**
 * The alert centre (issue 28.3): a bell with a count in the top bar that opens a panel of the risk
 * watch's alerts, one line per loan in its latest state (alert-book.ts), and the one slim strip
 * for loans in default or margin call. The watch's failure and the page-notification switch live
 * in the panel, so nothing but the strip ever takes room on screen. Open state is the shell's
 * (the strip opens the same panel); focus goes into the panel and back to the bell on Escape.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeJobFailure, type JobFailure } from '@shared/job-status';
import { ButtonRow } from '../../components/view-kit';
import { useUiStateStore } from '../../state/ui-state-store';
import { EMPTY_BOOK, linesOf, stripText, summarize, type AlertLine } from './alert-book';
import { AlertLineView, type LineActions } from './AlertLine';
import { notificationPermission, permissionText, requestNotificationPermission } from './alerts';
import { acknowledgeRisk, appShellQuery, markAlertSeen, riskAlertsQuery, watchFailureQuery } from './queries';
import './alert-centre.css';

/** Lines drawn at once; more on request (a price crash can put a thousand loans here). */
const PAGE = 100;

export interface AlertCentreState {
  open: boolean;
  setOpen(open: boolean): void;
}

function useAlertLines(workspaceId: string) {
  const book = useQuery(riskAlertsQuery).data ?? EMPTY_BOOK;
  const lines = useMemo(() => linesOf(book, workspaceId), [book, workspaceId]);
  const summary = useMemo(() => summarize(lines), [lines]);
  return { lines, summary };
}

/** The bell and, while open, its panel. */
export function AlertBell({ workspaceId, state }: { workspaceId: string; state: AlertCentreState }) {
  const { lines, summary } = useAlertLines(workspaceId);
  const failure = useWatchFailure(workspaceId);
  const bell = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const panelId = useId();
  const { open, setOpen } = state;
  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) bell.current?.focus();
    },
    [setOpen],
  );
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close(true);
    };
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, close]);
  const label =
    `Risk alerts: ${summary.count === 0 ? 'no loan needs' : `${summary.count} ${summary.count === 1 ? 'loan needs' : 'loans need'}`} attention` +
    (failure ? '; the risk watch is failing' : '');
  return (
    <span className="alert-centre" ref={wrapper}>
      <button
        ref={bell}
        type="button"
        className="btn small ghost alert-bell"
        data-testid="alert-bell"
        data-count={summary.count}
        data-watch-failure={failure !== null}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {summary.count > 0 ? (
          <span className="alert-count" data-testid="alert-count" aria-hidden>
            {summary.count > 999 ? '999+' : summary.count}
          </span>
        ) : null}
        {failure ? (
          <span className="alert-count failing" aria-hidden>
            !
          </span>
        ) : null}
      </button>
      {open ? (
        <AlertPanel
          id={panelId}
          workspaceId={workspaceId}
          lines={lines}
          count={summary.count}
          failure={failure}
          onClose={() => close(true)}
        />
      ) : null}
    </span>
  );
}

function AlertPanel(props: {
  id: string;
  workspaceId: string;
  lines: AlertLine[];
  count: number;
  failure: { value: JobFailure; now: number } | null;
  onClose(): void;
}) {
  const { workspaceId, lines, onClose } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [shown, setShown] = useState(PAGE);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const actions: LineActions = {
    acknowledge: (line) =>
      void acknowledgeRisk(workspaceId, line.loanId).then((res) =>
        setError(res.ok ? null : res.error.message),
      ),
    markSeen: (line) => markAlertSeen(workspaceId, line.loanId),
    openLoan: (line) => {
      const ui = useUiStateStore.getState();
      const current = ui.byWs[workspaceId]?.filters['risk'] ?? {};
      ui.setFilters(workspaceId, 'risk', { ...current, selectedId: line.loanId });
      ui.setTab(workspaceId, 'risk');
      onClose();
    },
  };
  return (
    <div
      className="alert-panel"
      id={props.id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      data-testid="alert-panel"
      data-lines={lines.length}
      data-alerts={lines.reduce((n, l) => n + l.history.length, 0)}
    >
      <div className="alert-panel-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Risk alerts
        </h2>
        <span className="muted small">
          {props.count} need attention · {lines.length} loans
        </span>
        <span className="topbar-spacer" />
        <button
          type="button"
          className="btn small ghost"
          aria-label="Close risk alerts"
          data-testid="alert-panel-close"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      {props.failure ? (
        <div className="notice warn" role="alert" data-testid="risk-watch-failure">
          {capitalized(describeJobFailure(props.failure.value, props.failure.now))}
        </div>
      ) : null}
      {error ? (
        <div className="notice warn" role="alert">
          {error}
        </div>
      ) : null}
      <NotificationSwitch />
      {lines.length === 0 ? (
        <p className="muted small" data-testid="alert-empty">
          No risk alerts since the console started.
        </p>
      ) : (
        <ul className="alert-lines" aria-label="Loans with alerts, latest state">
          {lines.slice(0, shown).map((line) => (
            <AlertLineView key={line.key} line={line} actions={actions} />
          ))}
        </ul>
      )}
      {lines.length > shown ? (
        <button
          type="button"
          className="btn small"
          data-testid="alert-show-more"
          onClick={() => setShown(shown + PAGE)}
        >
          Show {Math.min(PAGE, lines.length - shown)} more ({lines.length - shown} not shown)
        </button>
      ) : null}
    </div>
  );
}

/** Browser mode: the page's notifications, asked on the operator's click; Electron: the OS's. */
function NotificationSwitch() {
  const shell = useQuery(appShellQuery).data;
  const [permission, setPermission] = useState(notificationPermission());
  if (shell === undefined) return null;
  if (shell === 'electron') {
    return <p className="muted small">Risk alerts are also shown as desktop notifications.</p>;
  }
  const text = permissionText(permission);
  return (
    <div
      className="alert-notifications small"
      data-testid="risk-notification-status"
      data-permission={permission}
    >
      <ButtonRow
        secondary={[
          permission === 'default' && {
            label: 'Show risk alerts as browser notifications',
            testId: 'risk-enable-notifications',
            onClick: () => void requestNotificationPermission().then(setPermission),
          },
        ]}
      >
        {text ? <span role={permission === 'denied' ? 'alert' : undefined}>{text}</span> : null}
      </ButtonRow>
    </div>
  );
}

/** The strip between the tab bar and the view: only for loans in default or margin call, unanswered. */
export function AlertStrip({ workspaceId, onOpen }: { workspaceId: string; onOpen(): void }) {
  const { summary } = useAlertLines(workspaceId);
  const text = stripText(summary);
  if (text === null) return null;
  return (
    <div
      className={`alert-strip ${summary.defaulted > 0 ? 'sev-default' : 'sev-margin-call'}`}
      role="status"
      data-testid="alert-strip"
    >
      <span className="ellipsis">{text}</span>
      <button type="button" className="btn small" data-testid="alert-strip-open" onClick={onOpen}>
        Open alerts
      </button>
    </div>
  );
}

function BellIcon() {
  return (
    <svg className="alert-bell-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden focusable="false">
      <path
        fill="currentColor"
        d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2Zm5-5V7a5 5 0 0 0-4-4.9V1a1 1 0 0 0-2 0v1.1A5 5 0 0 0 3 7v4l-1.5 1.5V13h13v-.5L13 11Z"
      />
    </svg>
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
