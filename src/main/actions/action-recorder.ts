/**
 * What the action service writes to the journal, and what it does when it cannot: a step that
 * must reach the disk after the request left ("answered", "outcome") is kept in memory and written
 * again before the workspace's next action, which is refused until then (`blocked`). The journal's
 * own damage mark (an anchor check that failed at open) blocks the workspace the same way.
 */
import type { PreparedAction } from '../../shared/actions';
import { fail, type AppError } from '../../shared/result';
import { journalRecord, type ActionJournal, type ActionJournalRecord } from './journal-sink';

export interface ActionRecorderDeps {
  journal?: ActionJournal;
  /** Who acts, recorded on every entry. */
  operator?: () => string;
  /** Told when an entry is kept for later (the unsettled notice refreshes). */
  onUnsettledChange?: () => void;
  log?: (message: string, error?: unknown) => void;
}

export class ActionRecorder {
  /** Entries that could not be written, per workspace, in order: retried before any new action. */
  private readonly unwritten = new Map<string, { record: ActionJournalRecord; error: string }[]>();

  constructor(private readonly deps: ActionRecorderDeps) {}

  /** Writes one journal entry; null when it is on disk, else why not. */
  async record(
    prepared: PreparedAction,
    step: Parameters<typeof journalRecord>[1],
    extra: Parameters<typeof journalRecord>[2],
  ): Promise<string | null> {
    return this.append(journalRecord(prepared, step, { ...extra, ...this.operatorField() }));
  }

  private async append(record: ActionJournalRecord): Promise<string | null> {
    if (this.deps.journal === undefined) return null;
    try {
      await this.deps.journal.append(record);
      return null;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.deps.log?.(`could not write "${record.step}" of ${record.actionId} to the journal`, error);
      return why;
    }
  }

  /** Like `journal`, but an entry that cannot be written is kept, to be written before any new action. */
  async recordOrKeep(
    prepared: PreparedAction,
    step: Parameters<typeof journalRecord>[1],
    extra: Parameters<typeof journalRecord>[2],
  ): Promise<void> {
    const workspaceId = prepared.workspace.id;
    const record = journalRecord(prepared, step, { ...extra, ...this.operatorField() });
    const kept = this.unwritten.get(workspaceId);
    // Order matters: an outcome must not land before the answer that was kept.
    const error = kept && kept.length > 0 ? 'an earlier entry is still waiting' : await this.append(record);
    if (error === null) return;
    this.unwritten.set(workspaceId, [...(kept ?? []), { record, error }]);
    this.deps.onUnsettledChange?.();
  }

  /**
   * Null when the workspace may act. Otherwise why not: its journal failed its anchor check, or
   * entries of an earlier action are still not on disk (tried again here first).
   */
  async blocked(workspaceId: string): Promise<{ ok: false; error: AppError } | null> {
    const kept = this.unwritten.get(workspaceId);
    while (kept && kept.length > 0) {
      const first = kept[0]!;
      const error = await this.append(first.record);
      if (error !== null) {
        first.error = error;
        return fail(
          'journal-unwritable',
          `The journal could not record the ${first.record.step === 'answered' ? 'answer' : 'outcome'} of action ${first.record.actionId} ` +
            `(${error}). No new action is sent from this workspace until it can: free disk space or fix the data folder; ` +
            'the console writes it again at your next action.',
        );
      }
      kept.shift();
    }
    this.unwritten.delete(workspaceId);
    const damage = (await this.deps.journal?.damage?.(workspaceId).catch(() => null)) ?? null;
    return damage === null ? null : fail('journal-unwritable', damage);
  }

  private operatorField(): { operator?: string } {
    const name = this.deps.operator?.();
    return name ? { operator: name } : {};
  }
}
