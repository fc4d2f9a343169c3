/**
 * The risk watch's alerts as it raised them, so a renderer that reloads (or connects after the
 * watch's first cycle) reads them back (`risk.alerts`) instead of starting the alert centre empty.
 *
 * Bounded, in memory only: the last ALERT_LOG_CAP alerts per workspace; past that the oldest are
 * dropped. It does not survive a restart of the main process (the watch's state file keeps the
 * bands and acknowledgements, not the alerts); the watch's first cycle after a restart raises
 * nothing for a loan whose band did not change.
 */
import type { RiskAlert } from '../../shared/risk';

/** Alerts kept per workspace; the oldest go first. */
export const ALERT_LOG_CAP = 2_000;

interface Entry {
  /** Raising order across workspaces: how `list()` without a workspace interleaves them. */
  seq: number;
  alert: RiskAlert;
}

export class AlertLog {
  private readonly byWorkspace = new Map<string, Entry[]>();
  private seq = 0;

  constructor(private readonly cap = ALERT_LOG_CAP) {}

  append(alert: RiskAlert): void {
    let entries = this.byWorkspace.get(alert.workspaceId);
    if (entries === undefined) {
      entries = [];
      this.byWorkspace.set(alert.workspaceId, entries);
    }
    entries.push({ seq: (this.seq += 1), alert });
    if (entries.length > this.cap) entries.splice(0, entries.length - this.cap);
  }

  /** Oldest first: one workspace's, or every workspace's in the order they were raised. */
  list(workspaceId?: string): RiskAlert[] {
    if (workspaceId !== undefined) return (this.byWorkspace.get(workspaceId) ?? []).map((e) => e.alert);
    return [...this.byWorkspace.values()]
      .flat()
      .sort((a, b) => a.seq - b.seq)
      .map((e) => e.alert);
  }
}
