/**
 * Which workspace this window shows: UI state. The list itself is server state (`workspacesQuery`
 * in state/queries.ts); every arrival of it (the first read, `workspace-changed`, a create, an edit,
 * a removal) goes through `receive`, which restores each workspace's remembered view before it
 * first renders and keeps this window's choice unless that workspace was removed.
 * Switching sets `activeId` at once so the cached view of the other workspace paints; the main side
 * is told afterwards.
 */
import { create } from 'zustand';
import { hashKey, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { pickActive } from './active-workspace';
import { queryClient } from './query-client';
import { activateWorkspace, workspacesQuery } from './queries';
import { useUiStateStore } from './ui-state-store';

export const useWorkspaceStore = create<{ activeId: string | null }>()(() => ({ activeId: null }));

function receive(list: WorkspaceList): void {
  const ui = useUiStateStore.getState();
  for (const w of list.workspaces) ui.hydrate(w.id, w.uiState);
  // Events from main may name another active id (another window); this window keeps its own
  // choice unless that workspace was removed.
  const activeId = pickActive(list, useWorkspaceStore.getState().activeId);
  if (activeId !== useWorkspaceStore.getState().activeId) useWorkspaceStore.setState({ activeId });
}

/**
 * Follows the list in `client`'s cache from now on (and takes the one already there: boot.ts may
 * have read it before the app was evaluated). The cache calls this synchronously as the data is
 * written, before react-query tells any view, so no view renders a workspace before its
 * remembered view is restored. Returns the unsubscribe.
 */
export function followWorkspaceList(client: QueryClient): () => void {
  const hash = hashKey(workspacesQuery.queryKey);
  const current = client.getQueryData(workspacesQuery.queryKey);
  if (current) receive(current);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== hash) return;
    receive(event.query.state.data as WorkspaceList);
  });
}

/** Shows another workspace at once, then tells the main side; its refusal comes back. */
export async function activate(id: string, client: QueryClient = queryClient): Promise<AppError | null> {
  const list = client.getQueryData(workspacesQuery.queryKey);
  if (!list?.workspaces.some((w) => w.id === id)) return null;
  useWorkspaceStore.setState({ activeId: id });
  const res = await activateWorkspace(id);
  return res.ok ? null : res.error;
}

const NO_WORKSPACES: WorkspaceView[] = [];
const workspacesOf = (list: WorkspaceList) => list.workspaces;

export function useWorkspaceList(): WorkspaceView[] {
  return useQuery({ ...workspacesQuery, select: workspacesOf }).data ?? NO_WORKSPACES;
}

export function useActiveWorkspace(): WorkspaceView | undefined {
  const activeId = useWorkspaceStore((s) => s.activeId);
  return useWorkspaceList().find((w) => w.id === activeId);
}
