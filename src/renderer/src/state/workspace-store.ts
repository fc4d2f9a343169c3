/**
 * The workspace list and which one is active. Stored shape (memory only):
 *   { list: WorkspaceView[], activeId, status, error?, recoveredFrom? }
 * Switching sets `activeId` locally first so the cached view of the other workspace paints at
 * once; the main side is told afterwards and its `workspace-changed` event reconciles.
 */
import { create } from 'zustand';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import type { AppError, Result } from '@shared/result';
import { copper } from '../lib/api';
import { useUiStateStore } from './ui-state-store';
import { pickActive } from './active-workspace';

interface WorkspaceState {
  list: WorkspaceView[];
  activeId: string | null;
  status: 'loading' | 'ready' | 'error';
  error: AppError | null;
  recoveredFrom: WorkspaceList['recoveredFrom'] | null;
  /**
   * Loads the workspace list. `beforeRender` runs once the active workspace is known but before
   * the store updates (and React renders the shell): the place to start its data requests.
   * `asked`: the same request already sent (at boot, before React), whose answer is used.
   */
  load(
    beforeRender?: (activeId: string) => void,
    asked?: Promise<Result<WorkspaceList>> | null,
  ): Promise<void>;
  apply(list: WorkspaceList): void;
  activate(id: string): Promise<AppError | null>;
  upsert(view: WorkspaceView): void;
}

/** Restores each workspace's remembered view before it first renders; memory wins afterwards. */
function hydrateAll(views: WorkspaceView[]): void {
  const ui = useUiStateStore.getState();
  for (const w of views) ui.hydrate(w.id, w.uiState);
}

export const useWorkspaceStore = create<WorkspaceState>()((set, get) => ({
  list: [],
  activeId: null,
  status: 'loading',
  error: null,
  recoveredFrom: null,
  async load(beforeRender, asked) {
    set({ status: 'loading', error: null });
    const res = await (asked ?? copper().workspaces.list({}));
    if (!res.ok) {
      set({ status: 'error', error: res.error });
      return;
    }
    hydrateAll(res.value.workspaces);
    const activeId = pickActive(res.value, null);
    if (activeId !== null) beforeRender?.(activeId);
    set({
      list: res.value.workspaces,
      activeId,
      status: 'ready',
      recoveredFrom: res.value.recoveredFrom ?? null,
    });
  },
  apply(list) {
    // Events from main may name another active id (another window); this window keeps its own
    // choice unless that workspace was removed.
    hydrateAll(list.workspaces);
    set({ list: list.workspaces, activeId: pickActive(list, get().activeId) });
  },
  async activate(id) {
    if (!get().list.some((w) => w.id === id)) return null;
    set({ activeId: id });
    const res = await copper().workspaces.activate({ id });
    return res.ok ? null : res.error;
  },
  upsert(view) {
    hydrateAll([view]);
    const list = get().list;
    const i = list.findIndex((w) => w.id === view.id);
    set({ list: i < 0 ? [...list, view] : list.map((w) => (w.id === view.id ? view : w)) });
  },
}));

export function isActiveWorkspace(id: string): boolean {
  return useWorkspaceStore.getState().activeId === id;
}

export function useActiveWorkspace(): WorkspaceView | undefined {
  return useWorkspaceStore((s) => s.list.find((w) => w.id === s.activeId));
}

/** Inside the shell there is always an active workspace; views rendered there may rely on it. */
export function useWorkspace(): WorkspaceView {
  const ws = useActiveWorkspace();
  if (!ws) throw new Error('useWorkspace used outside an active workspace');
  return ws;
}
