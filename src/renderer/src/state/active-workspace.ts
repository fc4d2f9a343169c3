import type { WorkspaceList } from '@shared/contract';

/**
 * Which workspace a window shows: its current one while it exists, else the main side's active
 * one, else the built-in sandbox (first run), else the first. Pure, so that boot.ts can start the
 * active workspace's reads before the stores are evaluated.
 */
export function pickActive(list: WorkspaceList, current: string | null): string | null {
  const ids = new Set(list.workspaces.map((w) => w.id));
  if (current !== null && ids.has(current)) return current;
  if (list.activeId !== null && ids.has(list.activeId)) return list.activeId;
  return (list.workspaces.find((w) => w.builtIn) ?? list.workspaces[0])?.id ?? null;
}
