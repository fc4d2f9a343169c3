/**
 * What the renderer receives about local things (workspaces, keychain, history, exports, jobs).
 * Split from contract.ts to keep it readable; contract.ts re-exports everything here.
 */
import type { Environment } from './platform/enums';
import type { JsonObject } from './platform/resources';

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
  vault: { exists: boolean; unlocked: boolean; path: string };
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
  incomplete?: boolean;
  truncated?: boolean;
  bound?: WalkBound;
}

export interface Page<T> {
  items: T[];
  /** True when the page was full, so another may follow. */
  mayHaveMore: boolean;
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
  /** Rows seen twice (same id) across pages, dropped. */
  duplicatesDropped: number;
  /** The platform sent an empty page before its own total, or left a hole: rows are missing. */
  incomplete: boolean;
  /** The platform's own total, where it gives one. */
  total: number | null;
  /** Set when the walk hit its hard bound. */
  bound?: WalkBound;
}

export interface ProgressEvent {
  jobId: string;
  /** Rows (or bytes for exports) done so far. */
  done: number;
  /** Total when the platform says it, else null. */
  total: number | null;
  pages: number;
  phase: 'running' | 'done' | 'cancelled' | 'failed';
}

// ---------------------------------------------------------------------------------------------
// The action journal (issue 12): what the Journal view receives

export const JOURNAL_STEPS = [
  'prepared',
  'confirmed',
  'sent',
  'answered',
  'outcome',
  'settled',
  'acknowledged',
] as const;
export type JournalStep = (typeof JOURNAL_STEPS)[number];
export const JOURNAL_OUTCOMES = ['done', 'refused', 'unknown', 'not-done'] as const;
export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number];

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
  hash: string;
}

export type JournalVerdict =
  | { ok: true; entries: number; tornTail?: { file: string; bytes: number }; text: string }
  | { ok: false; entries: number; file: string; line: number; reason: string; text: string };
