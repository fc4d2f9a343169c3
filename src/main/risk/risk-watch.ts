/**
 * The risk watch (issue 13): per workspace, re-reads every open loan on an interval (default 60 s)
 * as a bulk job, works out each loan's band with shared/risk.ts and raises alerts on the way in and
 * out of trouble, with a reminder repeated while a margin call lasts and is not acknowledged.
 *
 * It only reads (issue 25, finding 9): the top-up an alert shows is computed from the loan's own
 * LTV, initial LTV and collateral (top-up.ts); the LTV dry run stays a manual action.
 *
 * Each workspace's cycle runs under a supervisor (jobs/supervisor.ts): whatever a cycle throws is
 * logged, shown on the board ("the risk watch failed: …; retrying in 30 s") and retried with
 * back-off, and the main process keeps serving (issue 25, finding 1).
 *
 * A loan the walk did not return is "not seen", never gone (risk-assess.ts): the watch reads such
 * loans back by id (up to MAX_NOT_SEEN_READ a cycle, one request) and forgets a loan only once it
 * is read closed.
 *
 * Budget: one cycle over N open loans costs ceil(N/1000) pages plus the walk's closing empty page
 * (paging.ts), plus one page when tracked loans were not seen (the loans that closed since the
 * last cycle, usually). At 60 s and 10,000 loans that is about 60 of the guard's 800 bulk
 * requests per 5 minutes.
 *
 * It never keeps asking after an authentication failure, a missing key or a locked vault: the
 * workspace's watch pauses and resumes only when the operator opens the board or asks for a check.
 */
import { randomBytes } from 'node:crypto';
import {
  boardLoan,
  sortByHeadroom,
  type RiskAlert,
  type RiskAlertKind,
  type RiskBoard,
  type RiskSettings,
  type TopUp,
  type TrackedLoan,
} from '../../shared/risk';
import type { Loan } from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { JobFailure } from '../../shared/job-status';
import type { WorkspaceClient } from '../platform/platform-clients';
import type { JournalRecord } from '../journal/types';
import { SupervisedJob } from '../jobs/supervisor';
import { walkLoans } from '../platform/loans-walk';
import { AlertLog } from './alert-log';
import { buildAlert, notifyDesktop } from './risk-alerts';
import { assessReading, isClosedLoan, notSeenIds, trackedOf } from './risk-assess';
import type { RiskStateFile } from './risk-state-file';

/** Tracked loans not seen by a cycle's walk that it reads back by id (one page). */
export const MAX_NOT_SEEN_READ = 100;
const PAUSING_ERRORS = new Set([
  'auth-failed',
  'no-key',
  'vault-locked',
  'keychain-unavailable',
  'workspace-not-found',
]);

export interface RiskWatchDeps {
  clients: { forWorkspace(workspaceId: string): Promise<Result<WorkspaceClient>> };
  state: RiskStateFile;
  journal: { append(record: JournalRecord): Promise<unknown> } | null;
  /** Desktop notifications (Electron); null in browser mode, where the renderer notifies. */
  notify: ((title: string, body: string) => void) | null;
  onAlert(alert: RiskAlert): void;
  /** After every cycle (and acknowledgement), with the watch's failure if its last cycle threw. */
  onChanged(workspaceId: string, failure: JobFailure | null): void;
  warn(message: string): void;
  /** A cycle that threw (a bug, or an answer nothing expected): logged with the error. */
  error?: (message: string, error: unknown) => void;
  /** The supervisor's first retry after a failed cycle (default 30 s) and its cap. */
  retry?: { firstMs: number; maxMs: number };
  now?: () => number;
}

interface Running {
  job: SupervisedJob;
  loans: Loan[];
  lastCycleAt: string | null;
  lastError: string | null;
  cycleRequests: number | null;
  incomplete: boolean;
  /** Tracked loans the last cycle could not see (neither walked nor read back). */
  notSeen: number;
  paused: boolean;
}

export class RiskWatch {
  private readonly running = new Map<string, Running>();
  /** What it raised, for a renderer that reloads (`risk.alerts`). */
  private readonly raised = new AlertLog();
  private saving: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly deps: RiskWatchDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Restarts the watches that were on when the console stopped. */
  resumeAll(): void {
    for (const id of this.deps.state.workspaceIds())
      if (this.deps.state.get(id).settings.enabled) this.start(id, false);
  }

  /** The board; turns the watch on for the workspace and waits for its first reading. */
  async board(workspaceId: string, firstRows?: number): Promise<RiskBoard> {
    const run = this.running.get(workspaceId);
    if (run === undefined || run.paused || !this.deps.state.get(workspaceId).settings.enabled) {
      await this.enable(workspaceId);
    }
    await this.running.get(workspaceId)?.job.inFlight();
    return this.snapshot(workspaceId, firstRows);
  }

  async checkNow(workspaceId: string): Promise<RiskBoard> {
    const run = this.running.get(workspaceId);
    if (run === undefined || run.paused) await this.enable(workspaceId);
    else await this.runCycle(workspaceId);
    return this.snapshot(workspaceId);
  }

  async configure(workspaceId: string, patch: Partial<RiskSettings>): Promise<RiskSettings> {
    const ws = this.deps.state.get(workspaceId);
    ws.settings = { ...ws.settings, ...patch };
    await this.save();
    if (ws.settings.enabled) this.start(workspaceId, false);
    else this.stop(workspaceId);
    return ws.settings;
  }

  async acknowledge(workspaceId: string, loanId: string): Promise<Result<RiskBoard>> {
    const ws = this.deps.state.get(workspaceId);
    const tracked = trackedOf(ws, loanId);
    if (tracked === undefined || tracked.band !== 'margin-call')
      return {
        ok: false,
        error: { code: 'conflict', message: `Loan ${loanId} is not in margin call: nothing to acknowledge.` },
      };
    tracked.acknowledgedAt = String(this.now());
    await this.save();
    await this.journalAcknowledgement(workspaceId, loanId, tracked);
    this.changed(workspaceId);
    return { ok: true, value: this.snapshot(workspaceId) };
  }

  /** The alerts raised since the console started, oldest first (bounded: alert-log.ts). */
  alerts(workspaceId?: string): RiskAlert[] {
    return this.raised.list(workspaceId);
  }

  /** Any webhook delivery for the workspace may mean a loan moved: read again soon, once. */
  nudge(workspaceId: string): void {
    const run = this.running.get(workspaceId);
    if (run === undefined || run.paused || run.job.inFlight() !== null) return;
    void run.job.runNow();
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.running.keys()]) this.stop(id);
  }

  /** The board; with `firstRows`, only the loans closest to margin call (a fast first paint). */
  snapshot(workspaceId: string, firstRows?: number): RiskBoard {
    const run = this.running.get(workspaceId);
    const ws = this.deps.state.get(workspaceId);
    const all = run?.loans ?? [];
    const partial = firstRows !== undefined && firstRows < all.length;
    const loans = partial ? all.slice(0, firstRows) : all;
    let tracked = ws.loans;
    if (partial) {
      tracked = Object.create(null) as Record<string, TrackedLoan>;
      for (const l of loans) {
        const t = trackedOf(ws, l.loanId);
        if (t !== undefined) tracked[l.loanId] = t;
      }
    }
    return {
      workspaceId,
      loans,
      total: all.length,
      partial,
      tracked,
      settings: ws.settings,
      lastCycleAt: run?.lastCycleAt ?? null,
      lastError: run?.lastError ?? null,
      cycleRequests: run?.cycleRequests ?? null,
      incomplete: run?.incomplete ?? false,
      failure: run?.job.failure() ?? null,
      notSeen: run?.notSeen ?? 0,
    };
  }

  private async enable(workspaceId: string): Promise<void> {
    const ws = this.deps.state.get(workspaceId);
    if (!ws.settings.enabled) {
      ws.settings.enabled = true;
      await this.save();
    }
    this.start(workspaceId, true);
    await this.running.get(workspaceId)?.job.inFlight();
  }

  private start(workspaceId: string, cycleNow: boolean): void {
    if (this.closed) return;
    const existing = this.running.get(workspaceId);
    const run: Running = existing ?? {
      job: new SupervisedJob({
        job: 'the risk watch',
        tick: () => this.cycle(workspaceId, run),
        intervalMs: () => this.deps.state.get(workspaceId).settings.intervalMs,
        ...(this.deps.retry
          ? { firstRetryMs: this.deps.retry.firstMs, maxRetryMs: this.deps.retry.maxMs }
          : {}),
        log: (message, error) =>
          (this.deps.error ?? ((m: string) => this.deps.warn(m)))(
            `${message} (workspace ${workspaceId})`,
            error,
          ),
        onChange: () => this.changed(workspaceId),
        now: this.now,
      }),
      loans: [],
      lastCycleAt: null,
      lastError: null,
      cycleRequests: null,
      incomplete: false,
      notSeen: 0,
      paused: false,
    };
    run.paused = false;
    this.running.set(workspaceId, run);
    // A changed interval applies from now: start reschedules.
    run.job.start(cycleNow || existing === undefined);
  }

  private stop(workspaceId: string): void {
    this.running.get(workspaceId)?.job.stop();
  }

  /** One cycle at a time per workspace: a call during a cycle waits for that one. Never rejects. */
  runCycle(workspaceId: string): Promise<void> {
    const run = this.running.get(workspaceId);
    return run === undefined ? Promise.resolve() : run.job.runNow();
  }

  private async cycle(workspaceId: string, run: Running): Promise<void> {
    const resolved = await this.deps.clients.forWorkspace(workspaceId);
    if (!resolved.ok) return this.failed(workspaceId, run, resolved.error.code, resolved.error.message);
    const { client, workspace } = resolved.value;
    let requests = 0;
    const onRequest = () => requests++;
    const walked = await walkLoans(client, workspace.organizationId, { isOpen: true }, { onRequest });
    if (!walked.ok) return this.failed(workspaceId, run, walked.error.code, walked.error.message);
    const loans = loanRows(walked.value.items).map(boardLoan);
    const ws = this.deps.state.get(workspaceId);
    // Tracked loans the walk did not return: closed since, or lost by the walk. Read them back.
    const missing = notSeenIds(ws, loans);
    const readBack =
      missing.length === 0 ? [] : await this.readBack(client, workspace.organizationId, missing, onRequest);
    const readBackIds = new Set(readBack.map((l) => l.loanId));
    run.notSeen = missing.filter((id) => !readBackIds.has(id)).length;
    run.loans = sortByHeadroom([...loans, ...readBack.filter((l) => !isClosedLoan(l))]);
    // The walk says whether it read every row (loans-walk.ts): a loan it lost is only "not seen".
    run.incomplete = !walked.value.complete;
    run.cycleRequests = requests;
    run.lastError = null;
    run.lastCycleAt = String(this.now());
    const now = String(this.now());
    const alerts = assessReading(ws, [...loans, ...readBack], now).map((a) =>
      this.alert(workspaceId, a.loan, a.kind, a.topUp, now),
    );
    await this.save();
    // The supervisor sends `onChanged` when the cycle ends, whichever way it ends.
    this.raise(workspace.name, alerts);
  }

  /**
   * The not-seen loans, read by id (open or not): one page of at most MAX_NOT_SEEN_READ ids. A
   * failed read leaves them not seen (the next cycle tries again); it does not fail the cycle.
   */
  private async readBack(
    client: WorkspaceClient['client'],
    organizationId: string,
    ids: string[],
    onRequest: () => void,
  ): Promise<Loan[]> {
    const loanIds = ids.slice(0, MAX_NOT_SEEN_READ);
    const read = await walkLoans(client, organizationId, { loanIds }, { onRequest });
    if (!read.ok) {
      this.deps.warn(
        `could not read back ${loanIds.length} loans the walk did not return: ${read.error.message}`,
      );
      return [];
    }
    const asked = new Set(loanIds);
    return loanRows(read.value.items)
      .filter((l) => asked.has(l.loanId))
      .map(boardLoan);
  }

  private changed(workspaceId: string): void {
    this.deps.onChanged(workspaceId, this.running.get(workspaceId)?.job.failure() ?? null);
  }

  private failed(workspaceId: string, run: Running, code: string, message: string): void {
    run.lastError = message;
    if (PAUSING_ERRORS.has(code)) {
      // Asking again every interval after a refused key would be a retry after an auth failure.
      run.paused = true;
      this.stop(workspaceId);
      run.lastError = `${message} (the watch is paused; it resumes when you open the risk board)`;
    }
  }

  private alert(workspaceId: string, loan: Loan, kind: RiskAlertKind, topUp: TopUp | null, now: string) {
    return buildAlert({ workspaceId, loan, kind, topUp, now, desktopNotified: this.deps.notify !== null });
  }

  private raise(workspaceName: string, alerts: RiskAlert[]): void {
    for (const a of alerts) {
      this.raised.append(a);
      this.deps.onAlert(a);
    }
    if (this.deps.notify !== null) notifyDesktop(this.deps.notify, workspaceName, alerts);
  }

  private async journalAcknowledgement(
    workspaceId: string,
    loanId: string,
    tracked: TrackedLoan,
  ): Promise<void> {
    if (this.deps.journal === null) return;
    const resolved = await this.deps.clients.forWorkspace(workspaceId);
    if (!resolved.ok) return;
    const { workspace } = resolved.value;
    try {
      await this.deps.journal.append({
        step: 'acknowledged',
        actionId: `risk_${randomBytes(9).toString('hex')}`,
        action: 'risk.acknowledge',
        workspaceId,
        workspaceName: workspace.name,
        environment: workspace.environment,
        object: `loan ${loanId}`,
        detail: {
          marginCallSeenAt: tracked.marginCallSeenAt ?? null,
          acknowledgedAt: tracked.acknowledgedAt,
        },
      });
    } catch (error) {
      this.deps.warn(`could not journal the acknowledgement of loan ${loanId}: ${String(error)}`);
    }
  }

  private save(): Promise<void> {
    this.saving = this.saving
      .then(() => this.deps.state.save())
      .catch((error: unknown) => this.deps.warn(`could not save the risk watch state: ${String(error)}`));
    return this.saving;
  }
}

/** The loans of an answer that are objects with a string id; anything else cannot be tracked. */
function loanRows(items: readonly unknown[]): Loan[] {
  return items.filter(
    (l): l is Loan => typeof l === 'object' && l !== null && typeof (l as Loan).loanId === 'string',
  );
}
