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
  errorCode: string | null;
  attempt: number;
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
}

export interface Page<T> {
  items: T[];
  /** True when the page was full, so another may follow. */
  mayHaveMore: boolean;
}

export interface AllRows<T> {
  items: T[];
  pages: number;
  truncated: boolean;
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
