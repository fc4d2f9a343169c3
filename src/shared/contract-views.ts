/**
 * What the renderer receives about local things (workspaces, keychain, history, exports, jobs).
 * Split from contract.ts to keep it readable; contract.ts re-exports everything here.
 */
import type { JobPacing } from './job-pacing';
import { JOURNAL_OUTCOMES, JOURNAL_STEPS, type JournalOutcome, type JournalStep } from './journal-entries';
import type { Environment } from './platform/enums';
import type { AgentWallet, JsonObject } from './platform/resources';

// ---------------------------------------------------------------------------------------------
// Views: what the renderer receives about local things

export interface WorkspaceView {
  id: string;
  name: string;
  environment: Environment;
  baseUrl: string;
  organizationId: string;
  defaultPortfolioId?: string;
  /** True for the in-process sandbox workspace made on first run. */
  builtIn: boolean;
  keyConfigured: boolean;
  /** Opaque to the main side: the renderer's remembered tab, filters, columns and sort. */
  uiState: JsonObject;
  createdAt: string;
}

export interface WorkspaceList {
  workspaces: WorkspaceView[];
  activeId: string | null;
  /** Set when a corrupt workspace file was set aside at start: tell the operator once. */
  recoveredFrom?: { setAsidePath: string; reason: string };
}

export type KeyBackend = 'os-keychain' | 'vault' | 'memory';

export interface KeychainStatus {
  backend: KeyBackend;
  /** Whether the OS keychain answered; when false the vault is offered. */
  osKeychainAvailable: boolean;
  osKeychainError?: string;
  vault: {
    exists: boolean;
    unlocked: boolean;
    path: string;
    /** Set while the vault stays locked after locking itself for idle time (not the operator). */
    autoLocked?: { afterMinutes: number; at: string };
  };
}

export interface ConnectionTest {
  latencyMs: number;
  /** Server clock minus local clock, from the `Date` header, when the server sent one. */
  clockSkewMs: number | null;
  portfolios: number;
}

export interface HistoryEntry {
  seq: number;
  time: string; // ISO
  workspaceId: string;
  method: string;
  /** Path with query string as signed; never a header, never a body. */
  path: string;
  status: number | null;
  latencyMs: number;
  /** Null when the outcome was fine; otherwise what went wrong. */
  errorCode: string | null;
  attempt: number;
  /** The contract operation the request served ("loans.approve"): tells approve from cancel. */
  operation?: string;
  /** The request's media type ("application/vnd.approve-loan+json"), when it had a body type. */
  contentType?: string;
}

export interface AppInfo {
  version: string;
  shell: 'electron' | 'browser';
  dataDir: string;
  platform: string;
}

export interface SavePathChoice {
  /** Absolute path the operator chose, or null when they cancelled. */
  path: string | null;
  /** True when a native dialog chose it; false when the renderer must let the operator edit it. */
  native: boolean;
}

export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
  pages: number;
  neutralisedCells: number;
  /** The walk's report, as for `AllRows` (src/main/platform/paging.ts). */
  duplicatesDropped?: number;
  mayHaveMissed?: number;
  rowsWithoutId?: number;
  incomplete?: boolean;
  complete?: boolean;
  truncated?: boolean;
  bound?: WalkBound;
}

/**
 * Agent wallets as read (issue 25): the platform does not publish this call, so the list may come
 * under any single key; `readFrom` names it (null when the answer was the list itself or one
 * wallet), and `nullRows` counts null entries dropped.
 */
export interface AgentWalletsRead {
  agentWallets: AgentWallet[];
  readFrom: string | null;
  nullRows: number;
}

export interface Page<T> {
  items: T[];
  /**
   * True when the page was full, so another may follow; 'unknown' when it was shorter than asked
   * (the specification states no page maximum, so a capped page looks the same); false only for
   * an empty page (src/main/platform/operations.ts, `pageOf`).
   */
  mayHaveMore: boolean | 'unknown';
  /** `null` rows the platform sent on this page: dropped, not shown. */
  nullRows?: number;
}

/** A walk's hard bound (src/main/platform/paging.ts) that stopped it. */
export interface WalkBound {
  kind: 'pages' | 'rows';
  limit: number;
}

/** Every page of a list, as the one paging walk read it (src/main/platform/paging.ts). */
export interface AllRows<T> {
  items: T[];
  pages: number;
  /** More rows may exist: the caller's maxRows or a hard bound stopped the walk. */
  truncated: boolean;
  /** Rows seen twice (same id, same version) across pages, dropped. */
  duplicatesDropped: number;
  /** Rows seen again with a newer version (`updatedAt`): they moved; the newest copy is kept. */
  movedRows: number;
  /** Rows that may have slipped past the walk (every repeat or move shifts the rows behind it). */
  mayHaveMissed: number;
  /** `null` rows the platform sent: dropped, not shown. */
  nullRows: number;
  /** Rows without an id: kept, but a repeat of one cannot be recognised. */
  rowsWithoutId: number;
  /** The platform sent an empty page before its own total, or left a hole: rows are missing. */
  incomplete: boolean;
  /**
   * Every row of the list was read: the walk reached the list's end, no bound or cap stopped it,
   * no empty page was left unconfirmed and no row moved or repeated. When false, a row missing
   * from `items` is "not seen", never "gone" (the risk watch reads this).
   */
  complete: boolean;
  /** The platform's own total, where it gives one. */
  total: number | null;
  /** Set when the walk hit its hard bound. */
  bound?: WalkBound;
  /**
   * A streamed walk (the call's `stream`): `items` is empty, its rows came on the job's `progress`
   * events (`rows`, then `moved`), this many events carrying this many rows in all.
   */
  streamed?: { events: number; rows: number };
}

export interface ProgressEvent {
  jobId: string;
  /** Rows (or bytes for exports) done so far. */
  done: number;
  /** Total when the platform says it, else null. */
  total: number | null;
  pages: number;
  phase: 'running' | 'done' | 'cancelled' | 'failed';
  /**
   * A walk that streams (issue 30, the call's `stream`): the rows the page just read kept, shaped
   * as the call's rows, so the view shows them before the walk ends. A list's answer then holds no
   * rows (`AllRows.streamed`): these events are its rows. The activities stream their first page
   * only, a preview (the rows stay in the main side's store).
   */
  rows?: unknown[];
  /**
   * A streamed walk: rows read again with a newer version (they moved during the walk), each to
   * replace the row at `index` of the rows streamed before (counted from the walk's first row).
   */
  moved?: { index: number; row: unknown }[];
  /** An export: the rows written so far (`done` counts its bytes). */
  rowsWritten?: number;
  /** A long job's request budget: whether it waits for it and until when (shared/job-pacing.ts). */
  pacing?: JobPacing;
}

// ---------------------------------------------------------------------------------------------
// The action journal (issue 12): what the Journal view receives

/** The journal's words (./journal-entries.ts), re-exported so `@shared/contract` stays the one import. */
export { JOURNAL_OUTCOMES, JOURNAL_STEPS, type JournalOutcome, type JournalStep };

/** One entry in the table: no detail, no hashes (the detail pane asks for the full entry). */
export interface JournalRow {
  seq: number;
  time: string;
  step: JournalStep;
  action: string;
  actionId: string;
  object: string | null;
  environment: string;
  outcome: JournalOutcome | null;
  /** True on every row of an action whose last outcome is unknown and not settled yet. */
  unsettled: boolean;
}

export interface JournalPage {
  total: number;
  offset: number;
  rows: JournalRow[];
  /** Distinct action names in the journal, for the filter's choices. */
  actions: string[];
  unsettledActions: number;
}

/** One step of an action in the grouped view: enough to list it; the detail pane reads the entry by `seq`. */
export interface JournalActionStep {
  seq: number;
  time: string;
  step: JournalStep;
  outcome: JournalOutcome | null;
  operator: string | null;
}

/** At most this many steps travel with an action row (actions rarely have more than 8). */
export const JOURNAL_ACTION_STEPS_SHOWN = 20;

/** One action (every entry of one action id) in the Journal view's grouped mode. */
export interface JournalActionRow {
  actionId: string;
  action: string;
  object: string | null;
  environment: string;
  /** Who acted, each name once in the order they first appear (entries without one are skipped). */
  operators: string[];
  firstTime: string;
  lastTime: string;
  /** The seq and step of the action's latest entry. */
  lastSeq: number;
  lastStep: JournalStep;
  /** The latest outcome or settlement (done, refused, unknown, not-done); null before any. */
  outcome: JournalOutcome | null;
  /** Its outcome is unknown (or it was sent with no outcome yet) and not settled. */
  unsettled: boolean;
  stepCount: number;
  /** Its first `JOURNAL_ACTION_STEPS_SHOWN` steps, oldest first; `stepCount` says how many there are. */
  steps: JournalActionStep[];
}

export interface JournalActionPage {
  /** Matching actions (not entries). */
  total: number;
  offset: number;
  rows: JournalActionRow[];
  /** Distinct action names in the journal, for the filter's choices. */
  actions: string[];
  unsettledActions: number;
}

/** What an action step records; the journal adds the sequence, time and hash chain. */
export interface JournalRecordView {
  step: JournalStep;
  /** The prepared action's one-shot id. */
  actionId: string;
  /** The action's name, e.g. 'loans.approve'. */
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: Environment;
  /** A fingerprint of the signing key, never the key id or the secret. */
  keyId?: string;
  /** Who acted: the operator name set in preferences, else the OS account name. */
  operator?: string;
  /** What is acted on, e.g. 'loan 9f2…'. */
  object?: string;
  outcome?: JournalOutcome;
  /** Any JSON; trimmed to the journal's detail limit on write, saying so. */
  detail?: unknown;
}

/** A full entry as written: the detail holds no secret by construction. */
export interface JournalEntryView extends JournalRecordView {
  seq: number;
  time: string;
  prevHash: string;
  /** The entry's seal: its MAC under the journal key when `keyed`, else its SHA-256. */
  hash: string;
  keyed: boolean;
}

/** What `verify` can find wrong with a journal (src/main/journal/verify.ts). */
export const JOURNAL_PROBLEMS = [
  'truncated-tail',
  'missing-file',
  'missing-rotated-file',
  'rewritten-entry',
  'forged-entry',
  'rollback',
  'damaged-entry',
] as const;
export type JournalProblem = (typeof JOURNAL_PROBLEMS)[number];

/**
 * `ok`: everything checked; `partial`: nothing wrong found, but `unchecked` names what could not be
 * checked; `broken`: the first bad place (`file`, `line`, `seq`) and what is wrong (`problem`).
 */
export interface JournalCheck {
  status: 'ok' | 'partial' | 'broken';
  /** False only when something is wrong (`broken`). */
  ok: boolean;
  entries: number;
  problem?: JournalProblem;
  file?: string;
  line?: number;
  seq?: number;
  reason?: string;
  unchecked?: string[];
  tornTail?: { file: string; bytes: number };
}

export type JournalVerdict = JournalCheck & { text: string };
