/**
 * An in-memory index of one workspace's journal for the view: compact rows (no detail) with where
 * each line lives on disk, plus which actions are still "outcome unknown". Filtering and paging
 * happen here on the main side, so the renderer receives one window of rows, never 100,000: one
 * row per entry (`query`, the CSV export) or one row per action with its steps (`queryActions`).
 */
import {
  JOURNAL_ACTION_STEPS_SHOWN,
  type JournalActionPage,
  type JournalActionRow,
  type JournalOutcome,
  type JournalPage,
  type JournalRow,
  type JournalStep,
} from '../../shared/contract-views';

export type { JournalActionPage, JournalActionRow, JournalPage, JournalRow };

/** An action row names at most this many operators (a forged journal could hold thousands). */
const MAX_OPERATORS_SHOWN = 10;

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
  operator?: string;
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
  private readonly operators: (string | null)[] = [];
  private readonly files: number[] = [];
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  /**
   * actionId → the entry that makes it unsettled: its "sent" entry while no outcome follows (write-
   * ahead: the request may have left, whatever stopped the console), then its last "outcome:
   * unknown" entry, until a later outcome or "settled".
   */
  private readonly unknown = new Map<string, number>();
  private readonly actionNames = new Set<string>();
  /** actionId → its row numbers, oldest first: one array per action, not per entry. */
  private readonly rowsByAction = new Map<string, number[]>();

  add(e: IndexFields, at: Located): void {
    this.seqs.push(e.seq);
    this.times.push(e.time);
    this.steps.push(e.step);
    this.actions.push(e.action);
    this.actionIds.push(e.actionId);
    this.objects.push(e.object ?? null);
    this.environments.push(e.environment);
    this.outcomes.push(e.outcome ?? null);
    this.operators.push(typeof e.operator === 'string' ? e.operator : null);
    this.files.push(at.file);
    this.offsets.push(at.offset);
    this.lengths.push(at.length);
    this.actionNames.add(e.action);
    const row = this.seqs.length - 1;
    const rows = this.rowsByAction.get(e.actionId);
    if (rows) rows.push(row);
    else this.rowsByAction.set(e.actionId, [row]);
    if (e.step === 'sent') {
      this.unknown.set(e.actionId, e.seq);
    } else if (e.step === 'outcome') {
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

  /** The entry that keeps each unsettled action open ("sent" or "outcome: unknown"), oldest first. */
  unsettledSeqs(): number[] {
    return [...this.unknown.values()].sort((a, b) => a - b);
  }

  /** Whether row `i` passes the filter's entry fields (all but `unsettledOnly`); `needle` is the lower-cased search. */
  private entryMatches(i: number, filter: JournalFilter, needle: string): boolean {
    if (filter.action !== undefined && this.actions[i] !== filter.action) return false;
    if (filter.outcome !== undefined && this.outcomes[i] !== filter.outcome) return false;
    if (filter.step !== undefined && this.steps[i] !== filter.step) return false;
    const time = this.times[i] as string;
    if (filter.from !== undefined && time < filter.from) return false;
    if (filter.to !== undefined && time > filter.to) return false;
    return (
      needle === '' ||
      (this.actionIds[i] as string).toLowerCase().includes(needle) ||
      (this.objects[i] ?? '').toLowerCase().includes(needle)
    );
  }

  /** Row numbers matching the filter: unsettled actions' rows first, then newest first. */
  private matches(filter: JournalFilter): number[] {
    const needle = filter.search?.trim().toLowerCase() ?? '';
    const open: number[] = [];
    const rest: number[] = [];
    for (let i = this.seqs.length - 1; i >= 0; i--) {
      const isOpen = this.unknown.has(this.actionIds[i] as string);
      if (filter.unsettledOnly && !isOpen) continue;
      if (!this.entryMatches(i, filter, needle)) continue;
      // The operator must see what is still open before anything else.
      (isOpen ? open : rest).push(i);
    }
    return open.length > 0 ? open.concat(rest) : rest;
  }

  query(filter: JournalFilter): JournalPage {
    return this.page(filter, this.matches(filter), (i) => this.view(i));
  }

  /** The window of `all` the filter asks for (200 from the start by default), with the journal's totals. */
  private page<T, R>(filter: JournalFilter, all: T[], view: (item: T) => R) {
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? 200;
    return {
      total: all.length,
      offset,
      rows: all.slice(offset, offset + limit).map(view),
      actions: [...this.actionNames].sort(),
      unsettledActions: this.unknown.size,
    };
  }

  /**
   * One window of actions: every action with at least one entry `query` would list for the same
   * filter (so the view and the CSV export of a filter agree), unsettled actions first, then the
   * most recently active (by their latest entry).
   */
  queryActions(filter: JournalFilter): JournalActionPage {
    const needle = filter.search?.trim().toLowerCase() ?? '';
    const open: number[][] = [];
    const rest: number[][] = [];
    for (const [actionId, rows] of this.rowsByAction) {
      const isOpen = this.unknown.has(actionId);
      if (filter.unsettledOnly && !isOpen) continue;
      if (!rows.some((i) => this.entryMatches(i, filter, needle))) continue;
      (isOpen ? open : rest).push(rows);
    }
    // Rows are in seq order, so an action's last row number is its latest entry.
    const latestFirst = (a: number[], b: number[]) => (b.at(-1) as number) - (a.at(-1) as number);
    const all = open.sort(latestFirst).concat(rest.sort(latestFirst));
    return this.page(filter, all, (rows) => this.actionView(rows));
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

  private actionView(rows: readonly number[]): JournalActionRow {
    const first = rows[0] as number;
    const last = rows[rows.length - 1] as number;
    const actionId = this.actionIds[first] as string;
    const operators: string[] = [];
    let object: string | null = null;
    let outcome: JournalOutcome | null = null;
    for (const i of rows) {
      const operator = this.operators[i];
      if (operator != null && operators.length < MAX_OPERATORS_SHOWN && !operators.includes(operator))
        operators.push(operator);
      object ??= this.objects[i] ?? null;
      outcome = this.outcomes[i] ?? outcome;
    }
    return {
      actionId,
      action: this.actions[first] as string,
      object,
      environment: this.environments[first] as string,
      operators,
      firstTime: this.times[first] as string,
      lastTime: this.times[last] as string,
      lastSeq: this.seqs[last] as number,
      lastStep: this.steps[last] as JournalStep,
      outcome,
      unsettled: this.unknown.has(actionId),
      stepCount: rows.length,
      steps: rows.slice(0, JOURNAL_ACTION_STEPS_SHOWN).map((i) => ({
        seq: this.seqs[i] as number,
        time: this.times[i] as string,
        step: this.steps[i] as JournalStep,
        outcome: this.outcomes[i] ?? null,
        operator: this.operators[i] ?? null,
      })),
    };
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
