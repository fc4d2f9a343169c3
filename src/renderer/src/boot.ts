/**
 * The first module the renderer evaluates (main.tsx imports it before anything else): it installs
 * `window.copper` and asks for the workspace list at once, so that the request travels while the
 * rest of the app's code (React, the view kit, the tabs: ~150 ms of script on a quiet machine, far
 * more under load) is still being evaluated, instead of after React has mounted. When the list
 * arrives and the active workspace opens on the default tab, that tab's reads leave too, and the
 * queries take them over (lib/early-calls.ts).
 */
import type { WorkspaceList } from '@shared/contract';
import type { Result } from '@shared/result';
import { installTransport } from './transport/install';
import { startDefaultTabReads } from './default-tab-reads';

export const transport = installTransport();

let workspaces: Promise<Result<WorkspaceList>> | null = transport.ok
  ? window.copper.workspaces.list({}).then((answer) => {
      if (answer.ok) startDefaultTabReads(answer.value);
      return answer;
    })
  : null;

/** The workspace list asked for at boot, once; null afterwards (a retry asks again). */
export function takeBootWorkspaces(): Promise<Result<WorkspaceList>> | null {
  const early = workspaces;
  workspaces = null;
  return early;
}
