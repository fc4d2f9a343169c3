/**
 * An in-memory index of one workspace's journal for the view: compact rows (no detail) with where
 * each line lives on disk, plus which actions are still "outcome unknown". Filtering and paging
 * happen here on the main side, so the renderer receives one window of rows, never 100,000.
 */
import type { JournalOutcome, JournalPage, JournalRow, JournalStep } from '../../shared/contract-views';

export type { JournalPage, JournalRow };

export interface JournalFilter {
  action?: string;
  outcome?: JournalOutcome;
  step?: JournalStep;
  /** ISO times, inclusive; compared as strings (the journal writes toISOString()). */
  from?: string;
  to?: string;
  /** Case-insensitive substring of the action id or the object. */
  search?: string;
  /** Only rows of actions still unsettled. */
  unsettledOnly?: boolean;
  offset?: number;
  limit?: number;
}

export interface Located {
  file: number;
  offset: number;
  length: number;
}

/** The fields the index keeps, as parsed from a line's prefix (or handed over by `append`). */
export interface IndexFields {
  seq: number;
  time: string;
  step: JournalStep;
  action: string;
  actionId: string;
  environment: string;
  object?: string;
  outcome?: JournalOutcome;
}

/**
 * Column arrays rather than one object per entry: 100,000 entries are loaded at every start (the
 * unsettled check needs them), and per-entry objects made that mostly garbage collection.
 */
export class JournalIndex {
  private readonly seqs: number[] = [];
  private readonly times: string[] = [];
  private readonly steps: JournalStep[] = [];
  private readonly actions: string[] = [];
  private readonly actionIds: string[] = [];
  private readonly objects: (string | null)[] = [];
  private readonly environments: string[] = [];
  private readonly outcomes: (JournalOutcome | null)[] = [];
  private readonly files: number[] = [];
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  /** actionId → seq of its last "outcome: unknown" entry, while no later outcome or settled. */
  private readonly unknown = new Map<string, number>();
  private readonly actionNames = new Set<string>();

  add(e: IndexFields, at: Located): void {
    this.seqs.push(e.seq);
    this.times.push(e.time);
    this.steps.push(e.step);
    this.actions.push(e.action);
    this.actionIds.push(e.actionId);
    this.objects.push(e.object ?? null);
    this.environments.push(e.environment);
    this.outcomes.push(e.outcome ?? null);
    this.files.push(at.file);
    this.offsets.push(at.offset);
    this.lengths.push(at.length);
    this.actionNames.add(e.action);
    if (e.step === 'outcome') {
      if (e.outcome === 'unknown') this.unknown.set(e.actionId, e.seq);
      else this.unknown.delete(e.actionId);
    } else if (e.step === 'settled') {
      this.unknown.delete(e.actionId);
    }
  }

  get size(): number {
    return this.seqs.length;
  }

  /** Rows are added in seq order, so a binary search finds one. */
  private rowOf(seq: number): number {
    let lo = 0;
    let hi = this.seqs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.seqs[mid] as number;
      if (s === seq) return mid;
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  locate(seq: number): Located | undefined {
    const i = this.rowOf(seq);
    if (i < 0) return undefined;
    return {
      file: this.files[i] as number,
      offset: this.offsets[i] as number,
      length: this.lengths[i] as number,
    };
  }

  /** The last "unknown" outcome entry of every unsettled action, oldest first. */
  unsettledSeqs(): number[] {
    return [...this.unknown.values()].sort((a, b) => a - b);
  }

  /** Row numbers matching the filter: unsettled actions' rows first, then newest first. */
  private matches(filter: JournalFilter): number[] {
    const needle = filter.search?.trim().toLowerCase() ?? '';
    const open: number[] = [];
    const rest: number[] = [];
    for (let i = this.seqs.length - 1; i >= 0; i--) {
      if (filter.action !== undefined && this.actions[i] !== filter.action) continue;
      if (filter.outcome !== undefined && this.outcomes[i] !== filter.outcome) continue;
      if (filter.step !== undefined && this.steps[i] !== filter.step) continue;
      const time = this.times[i] as string;
      if (filter.from !== undefined && time < filter.from) continue;
      if (filter.to !== undefined && time > filter.to) continue;
      const actionId = this.actionIds[i] as string;
      const isOpen = this.unknown.has(actionId);
      if (filter.unsettledOnly && !isOpen) continue;
      if (
        needle !== '' &&
        !actionId.toLowerCase().includes(needle) &&
        !(this.objects[i] ?? '').toLowerCase().includes(needle)
      )
        continue;
      // The operator must see what is still open before anything else.
      (isOpen ? open : rest).push(i);
    }
    return open.length > 0 ? open.concat(rest) : rest;
  }

  query(filter: JournalFilter): JournalPage {
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? 200;
    const rows = this.matches(filter);
    return {
      total: rows.length,
      offset,
      rows: rows.slice(offset, offset + limit).map((i) => this.view(i)),
      actions: [...this.actionNames].sort(),
      unsettledActions: this.unknown.size,
    };
  }

  /** Every matching row, oldest first, with where it is: for the CSV export. */
  matching(filter: JournalFilter): (JournalRow & Located)[] {
    const rows = this.matches(filter).sort((a, b) => a - b);
    return rows.map((i) => ({
      ...this.view(i),
      file: this.files[i] as number,
      offset: this.offsets[i] as number,
      length: this.lengths[i] as number,
    }));
  }

  private view(i: number): JournalRow {
    const actionId = this.actionIds[i] as string;
    return {
      seq: this.seqs[i] as number,
      time: this.times[i] as string,
      step: this.steps[i] as JournalStep,
      action: this.actions[i] as string,
      actionId,
      object: this.objects[i] ?? null,
      environment: this.environments[i] as string,
      outcome: this.outcomes[i] ?? null,
      unsettled: this.unknown.has(actionId),
    };
  }
}
