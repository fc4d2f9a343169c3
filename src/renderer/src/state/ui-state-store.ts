/**
 * Per-workspace remembered view: open tab, each feature's filters, each table's column
 * visibility and sort. Stored shape, both here and in `WorkspaceView.uiState` on the main side:
 *   { v: 1, tab: TabId, filters: { [feature]: object }, tables: { [tableId]: TableLayout } }
 * Memory is the source of truth once a workspace has been seen, so switching back is instant;
 * changes are written through `workspaces.saveUiState`, debounced per workspace.
 *
 * A reload must not lose the last change: the save that `pagehide` sends and the new page's first
 * `workspaces.list` (sent at boot, before React) travel on different connections, so the list may
 * be answered before the save lands. The unloading page therefore also hands its unsaved states to
 * the next page of the same tab (sessionStorage, UI state only: never a secret), which prefers
 * them over the list's copy and saves them again.
 *
 * A tab that crashed (its error boundary caught a render error) is never saved as the tab to open:
 * the next start opens a safe tab instead, so a crash cannot stick across restarts (issue 18).
 */
import { create } from 'zustand';
import type { JsonObject } from '@shared/platform/resources';
import { tabToSave } from './crashed-tabs';
import { DEFAULT_TAB, type TabId } from '@shared/tabs';
import { parseUiState, type TableLayout, type WorkspaceUi } from './ui-state-schema';
import { saveUiState } from './queries';

export { parseUiState, type SortState, type TableLayout, type WorkspaceUi } from './ui-state-schema';

interface UiStateStore {
  byWs: Record<string, WorkspaceUi>;
  hydrate(wsId: string, raw: JsonObject | undefined): void;
  setTab(wsId: string, tab: TabId): void;
  setFilters(wsId: string, feature: string, filters: JsonObject): void;
  setTable(wsId: string, tableId: string, layout: TableLayout): void;
  /** The tab's error boundary caught a crash: never reopen it first; saved at once. */
  markCrashed(wsId: string, tab: TabId): void;
  clearCrashed(wsId: string, tab: TabId): void;
}

const EMPTY: WorkspaceUi = { tab: DEFAULT_TAB, filters: {}, tables: {} };

export const useUiStateStore = create<UiStateStore>()((set, get) => {
  const patch = (wsId: string, fn: (ui: WorkspaceUi) => WorkspaceUi) => {
    const current = get().byWs[wsId] ?? EMPTY;
    set({ byWs: { ...get().byWs, [wsId]: fn(current) } });
    scheduleSave(wsId);
  };
  return {
    byWs: {},
    hydrate(wsId, raw) {
      if (get().byWs[wsId]) return;
      const handedOver = takeHandedOver(wsId);
      set({ byWs: { ...get().byWs, [wsId]: parseUiState(handedOver ?? raw) } });
      if (handedOver !== undefined) scheduleSave(wsId);
    },
    setTab: (wsId, tab) => patch(wsId, (ui) => ({ ...ui, tab })),
    setFilters: (wsId, feature, filters) =>
      patch(wsId, (ui) => ({ ...ui, filters: { ...ui.filters, [feature]: filters } })),
    setTable: (wsId, tableId, layout) =>
      patch(wsId, (ui) => ({ ...ui, tables: { ...ui.tables, [tableId]: layout } })),
    markCrashed(wsId, tab) {
      const current = get().byWs[wsId] ?? EMPTY;
      if (current.crashed?.includes(tab)) return;
      set({ byWs: { ...get().byWs, [wsId]: { ...current, crashed: [...(current.crashed ?? []), tab] } } });
      // At once, not debounced: an operator whose screen just failed may close the app next.
      void save(wsId);
    },
    clearCrashed(wsId, tab) {
      const current = get().byWs[wsId];
      if (!current?.crashed?.includes(tab)) return;
      patch(wsId, (ui) => ({ ...ui, crashed: (ui.crashed ?? []).filter((t) => t !== tab) }));
    },
  };
});

const SAVE_DELAY_MS = 600;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleSave(wsId: string): void {
  const t = timers.get(wsId);
  if (t !== undefined) clearTimeout(t);
  timers.set(
    wsId,
    setTimeout(() => {
      timers.delete(wsId);
      void save(wsId);
    }, SAVE_DELAY_MS),
  );
}

function stored(ui: WorkspaceUi): JsonObject {
  return { v: 1, tab: tabToSave(ui), filters: ui.filters, tables: ui.tables };
}

async function save(wsId: string): Promise<void> {
  const ui = useUiStateStore.getState().byWs[wsId];
  if (!ui) return;
  const uiState = stored(ui);
  const res = await saveUiState(wsId, uiState);
  // A failed save only loses the remembered layout; it must not interrupt the operator.
  if (!res.ok && res.error.code !== 'workspace-not-found')
    console.warn('[ui-state] save failed:', res.error.code);
}

const HANDOVER_KEY = 'copper.unsavedUiState';

function readHandover(): Record<string, JsonObject> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(HANDOVER_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, JsonObject>)
      : {};
  } catch {
    return {}; // Unreadable or no storage: the list's copy is used, as without a hand-over.
  }
}

/** The state an unloading page left for `wsId`, once (removed as it is read). */
function takeHandedOver(wsId: string): JsonObject | undefined {
  const all = readHandover();
  const mine = all[wsId];
  if (mine === undefined) return undefined;
  delete all[wsId];
  try {
    if (Object.keys(all).length === 0) sessionStorage.removeItem(HANDOVER_KEY);
    else sessionStorage.setItem(HANDOVER_KEY, JSON.stringify(all));
  } catch {
    // Storage gone: nothing more to clean.
  }
  return mine;
}

/**
 * Writes pending saves now (on page hide), so a reload restores the last view, and hands them to
 * the next page in case its first read overtakes them (see the header).
 */
export function flushUiStateSaves(): void {
  const handover = readHandover();
  for (const [wsId, t] of timers) {
    clearTimeout(t);
    timers.delete(wsId);
    const ui = useUiStateStore.getState().byWs[wsId];
    if (ui) handover[wsId] = stored(ui);
    void save(wsId);
  }
  try {
    if (Object.keys(handover).length > 0) sessionStorage.setItem(HANDOVER_KEY, JSON.stringify(handover));
  } catch {
    // No storage (quota, privacy mode): the save above is still on its way.
  }
}

const NO_FILTERS: JsonObject = {};
const NO_LAYOUT: TableLayout = { hidden: [], sort: null };

export function useWorkspaceUi(wsId: string): WorkspaceUi {
  return useUiStateStore((s) => s.byWs[wsId] ?? EMPTY);
}

/** Raw stored filters for a feature (stable reference); parse with the feature's schema. */
export function useStoredFilters(wsId: string, feature: string): JsonObject {
  return useUiStateStore((s) => s.byWs[wsId]?.filters[feature] ?? NO_FILTERS);
}

export function useTableLayout(wsId: string, tableId: string, defaults?: TableLayout): TableLayout {
  return useUiStateStore((s) => s.byWs[wsId]?.tables[tableId] ?? defaults ?? NO_LAYOUT);
}

// The time-zone preference (issue 29) lives in its own store, free of the transport, so that
// every component showing a time can read it in node tests too.
export { currentTimeZone, useTimeZone, useTimeZoneStore } from './time-zone';
