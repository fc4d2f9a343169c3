/**
 * Reads what the main side has written to `workspaces.json`, to wait until a remembered view has
 * reached the disk (saves are debounced in the renderer and flushed on pagehide).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function savedTab(dataDir: string, workspaceId: string): Promise<string | null> {
  try {
    const file = JSON.parse(await readFile(join(dataDir, 'workspaces.json'), 'utf8')) as {
      workspaces?: { id: string; uiState?: { tab?: string } }[];
    };
    return file.workspaces?.find((w) => w.id === workspaceId)?.uiState?.tab ?? null;
  } catch {
    return null;
  }
}
