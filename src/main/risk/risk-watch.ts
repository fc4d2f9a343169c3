/**
 * The risk watch (issue 13): per workspace, re-reads every open loan on an interval (default 60 s)
 * as a bulk job, works out each loan's band with shared/risk.ts and raises alerts on the way in and
 * out of trouble, with a reminder repeated while a margin call lasts and is not acknowledged.
 *
 * Budget: one cycle over N open loans costs ceil(N/1000) pages plus the walk's closing empty page
 * (paging.ts), plus one LTV dry run per loan entering margin call (at most MAX_TOP_UPS_PER_CYCLE).
 * At 60 s and 10,000 loans that is about 60 of the guard's 800 bulk requests per 5 minutes.
 *
 * It never keeps asking after an authentication failure, a missing key or a locked vault: the
 * workspace's watch pauses and resumes only when the operator opens the board or asks for a check.
 */
import { randomBytes } from 'node:crypto';
import {
  NEAR_CURE_END_MS,
  boardLoan,
  sortByHeadroom,
  cureTime,
  riskBand,
  readTopUp,
  topUpDryRunBody,
  type RiskAlert,
  type RiskAlertKind,
  type RiskBoard,
  type RiskSettings,
  type TopUp,
  type TrackedLoan,
} from '../../shared/risk';
import type { Loan } from '../../shared/platform/resources';
import type { ActionInput, ActionResult, PreparedAction } from '../../shared/actions';
import type { Result } from '../../shared/result';
import type { WorkspaceClient } from '../app/platform-clients';
import type { JournalRecord } from '../journal/types';
import { walkLoans } from '../platform/loans-walk';
import { buildAlert, notifyDesktop } from './risk-alerts';
import type { RiskStateFile } from './risk-state-file';

export const MAX_TOP_UPS_PER_CYCLE = 20;
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
  /** The action service, for the read-only LTV dry run that gives the top-up. */
  actions: {
    prepare(workspaceId: string, input: ActionInput): Promise<Result<PreparedAction>>;
    execute(id: string, phrase: string | undefined): Promise<Result<ActionResult>>;
  } | null;
  journal: { append(record: JournalRecord): Promise<unknown> } | null;
  /** Desktop notifications (Electron); null in browser mode, where the renderer notifies. */
  notify: ((title: string, body: string) => void) | null;
  onAlert(alert: RiskAlert): void;
  onChanged(workspaceId: string): void;
  warn(message: string): void;
  now?: () => number;
}

interface Running {
  timer: NodeJS.Timeout | null;
  cycle: Promise<void> | null;
  loans: Loan[];
  lastCycleAt: string | null;
  lastError: string | null;
  cycleRequests: number | null;
  incomplete: boolean;
  paused: boolean;
}

export class RiskWatch {
  private readonly running = new Map<string, Running>();
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
    const current = this.running.get(workspaceId);
    if (current?.cycle) await current.cycle;
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
    const tracked = ws.loans[loanId];
    if (tracked === undefined || tracked.band !== 'margin-call')
      return {
        ok: false,
        error: { code: 'conflict', message: `Loan ${loanId} is not in margin call: nothing to acknowledge.` },
      };
    tracked.acknowledgedAt = String(this.now());
    await this.save();
    await this.journalAcknowledgement(workspaceId, loanId, tracked);
    this.deps.onChanged(workspaceId);
    return { ok: true, value: this.snapshot(workspaceId) };
  }

  /** Any webhook delivery for the workspace may mean a loan moved: read again soon, once. */
  nudge(workspaceId: string): void {
    const run = this.running.get(workspaceId);
    if (run === undefined || run.paused || run.cycle) return;
    void this.runCycle(workspaceId);
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
      tracked = {};
      for (const l of loans) if (ws.loans[l.loanId]) tracked[l.loanId] = ws.loans[l.loanId] as TrackedLoan;
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
    };
  }

  private async enable(workspaceId: string): Promise<void> {
    const ws = this.deps.state.get(workspaceId);
    if (!ws.settings.enabled) {
      ws.settings.enabled = true;
      await this.save();
    }
    this.start(workspaceId, true);
    await this.running.get(workspaceId)?.cycle;
  }

  private start(workspaceId: string, cycleNow: boolean): void {
    if (this.closed) return;
    const existing = this.running.get(workspaceId);
    const run: Running = existing ?? {
      timer: null,
      cycle: null,
      loans: [],
      lastCycleAt: null,
      lastError: null,
      cycleRequests: null,
      incomplete: false,
      paused: false,
    };
    if (run.timer) clearInterval(run.timer);
    run.paused = false;
    const { intervalMs } = this.deps.state.get(workspaceId).settings;
    run.timer = setInterval(() => void this.runCycle(workspaceId), intervalMs);
    run.timer.unref();
    this.running.set(workspaceId, run);
    if (cycleNow || existing === undefined) void this.runCycle(workspaceId);
  }

  private stop(workspaceId: string): void {
    const run = this.running.get(workspaceId);
    if (run?.timer) clearInterval(run.timer);
    if (run) run.timer = null;
  }

  /** One cycle at a time per workspace: a tick during a slow cycle is skipped, not queued. */
  runCycle(workspaceId: string): Promise<void> {
    const run = this.running.get(workspaceId);
    if (run === undefined) return Promise.resolve();
    if (run.cycle) return run.cycle;
    run.cycle = this.cycle(workspaceId, run).finally(() => {
      run.cycle = null;
    });
    return run.cycle;
  }

  private async cycle(workspaceId: string, run: Running): Promise<void> {
    const resolved = await this.deps.clients.forWorkspace(workspaceId);
    if (!resolved.ok) return this.failed(workspaceId, run, resolved.error.code, resolved.error.message);
    const { client, workspace } = resolved.value;
    let requests = 0;
    const walked = await walkLoans(
      client,
      workspace.organizationId,
      { isOpen: true },
      { onRequest: () => requests++ },
    );
    if (!walked.ok) return this.failed(workspaceId, run, walked.error.code, walked.error.message);
    run.loans = sortByHeadroom(walked.value.items.map(boardLoan));
    run.incomplete = walked.value.incomplete || walked.value.truncated;
    run.cycleRequests = requests;
    run.lastError = null;
    run.lastCycleAt = String(this.now());
    const alerts = await this.assess(workspaceId, run.loans, !run.incomplete);
    await this.save();
    this.deps.onChanged(workspaceId);
    this.raise(workspace.name, alerts);
  }

  private failed(workspaceId: string, run: Running, code: string, message: string): void {
    run.lastError = message;
    if (PAUSING_ERRORS.has(code)) {
      // Asking again every interval after a refused key would be a retry after an auth failure.
      run.paused = true;
      this.stop(workspaceId);
      run.lastError = `${message} (the watch is paused; it resumes when you open the risk board)`;
    }
    this.deps.onChanged(workspaceId);
  }

  /** Updates the tracked state from one reading; answers the alerts it calls for. */
  private async assess(workspaceId: string, loans: Loan[], complete: boolean): Promise<RiskAlert[]> {
    const ws = this.deps.state.get(workspaceId);
    const { settings } = ws;
    const now = String(this.now());
    const alerts: RiskAlert[] = [];
    const seen = new Set<string>();
    let topUps = 0;
    for (const loan of loans) {
      seen.add(loan.loanId);
      const band = riskBand(loan, settings.warningPoints);
      const prev = ws.loans[loan.loanId];
      if (band === 'unknown') {
        if (prev === undefined) ws.loans[loan.loanId] = { band };
        continue;
      }
      const before = prev === undefined || prev.band === 'unknown' ? 'healthy' : prev.band;
      const tracked: TrackedLoan = prev ?? { band };
      tracked.band = band;
      ws.loans[loan.loanId] = tracked;
      const alert = (kind: RiskAlertKind) =>
        alerts.push(this.alert(workspaceId, loan, kind, tracked.topUp ?? null, now));
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
          if (topUps < MAX_TOP_UPS_PER_CYCLE) {
            topUps++;
            tracked.topUp = await this.topUp(workspaceId, loan, now);
          }
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
    // Closed loans leave the open list: forget them, but only after a walk that saw every row.
    if (complete) for (const id of Object.keys(ws.loans)) if (!seen.has(id)) delete ws.loans[id];
    return alerts;
  }

  /** The top-up back to the initial LTV, from the platform's LTV dry run (read-only, via the action service). */
  private async topUp(workspaceId: string, loan: Loan, now: string): Promise<TopUp> {
    if (this.deps.actions === null) return { ok: false, why: 'the action service is not available', at: now };
    const request = topUpDryRunBody(loan);
    if (!request.ok) return { ok: false, why: request.why, at: now };
    const prepared = await this.deps.actions.prepare(workspaceId, {
      kind: 'loans.ltvDryRun',
      body: request.body,
    });
    if (!prepared.ok) return { ok: false, why: prepared.error.message, at: now };
    if (prepared.value.changesState) return { ok: false, why: 'the dry run would change state', at: now };
    const result = await this.deps.actions.execute(prepared.value.id, undefined);
    if (!result.ok) return { ok: false, why: result.error.message, at: now };
    if (result.value.outcome !== 'done')
      return { ok: false, why: result.value.error?.message ?? result.value.headline, at: now };
    return readTopUp(result.value.answer, String(request.body.targetLtv), now);
  }

  private alert(workspaceId: string, loan: Loan, kind: RiskAlertKind, topUp: TopUp | null, now: string) {
    return buildAlert({ workspaceId, loan, kind, topUp, now, desktopNotified: this.deps.notify !== null });
  }

  private raise(workspaceName: string, alerts: RiskAlert[]): void {
    for (const a of alerts) this.deps.onAlert(a);
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
