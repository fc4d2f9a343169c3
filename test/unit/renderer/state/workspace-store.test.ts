/**
 * Which workspace a window shows (src/renderer/src/state/workspace-store.ts), from the list in the
 * query cache: remembered views restored before any view hears of the list, this window's choice
 * kept, a removed workspace left.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { createQueryClient } from '../../../../src/renderer/src/state/query-client';
import { workspacesQuery } from '../../../../src/renderer/src/state/queries';
import { useUiStateStore } from '../../../../src/renderer/src/state/ui-state-store';
import {
  activate,
  followWorkspaceList,
  useWorkspaceStore,
} from '../../../../src/renderer/src/state/workspace-store';
import { fakeCopper, settle, type FakeCopper } from '../../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;
let unfollow: () => void;

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
  useWorkspaceStore.setState({ activeId: null });
  useUiStateStore.setState({ byWs: {} });
  unfollow = followWorkspaceList(client);
});

afterEach(() => {
  unfollow();
  client.clear();
  vi.unstubAllGlobals();
});

function workspace(id: string, uiState: WorkspaceView['uiState'] = {}, builtIn = false): WorkspaceView {
  return { id, name: id, environment: 'sandbox', builtIn, keyConfigured: true, uiState } as WorkspaceView;
}

const list = (activeId: string | null, ...workspaces: WorkspaceView[]): WorkspaceList => ({
  workspaces,
  activeId,
});

describe('the list as it arrives', () => {
  it("restores each workspace's remembered view before a view hears of the list", async () => {
    const seen: (string | undefined)[] = [];
    // Subscribed as useQuery subscribes a component (its re-render is batched).
    const observer = new QueryObserver(client, { ...workspacesQuery, enabled: false });
    const close = observer.subscribe(
      notifyManager.batchCalls(() => seen.push(useUiStateStore.getState().byWs.b?.tab)),
    );
    client.setQueryData(
      workspacesQuery.queryKey,
      list('a', workspace('a'), workspace('b', { tab: 'loans' })),
    );
    await settle();
    expect(seen).toEqual(['loans']);
    expect(useWorkspaceStore.getState().activeId).toBe('a');
    close();
  });

  it('takes a list read before it followed (boot.ts reads it before the app is evaluated)', () => {
    unfollow();
    const other = createQueryClient();
    other.setQueryData(workspacesQuery.queryKey, list(null, workspace('x'), workspace('sandbox', {}, true)));
    unfollow = followWorkspaceList(other);
    expect(useWorkspaceStore.getState().activeId).toBe('sandbox');
  });

  it("keeps this window's choice when another window switches, and leaves a removed workspace", () => {
    client.setQueryData(workspacesQuery.queryKey, list('a', workspace('a'), workspace('b')));
    useWorkspaceStore.setState({ activeId: 'b' });
    client.setQueryData(workspacesQuery.queryKey, list('a', workspace('a'), workspace('b')));
    expect(useWorkspaceStore.getState().activeId).toBe('b');
    client.setQueryData(workspacesQuery.queryKey, list('a', workspace('a')));
    expect(useWorkspaceStore.getState().activeId).toBe('a');
  });
});

describe('activate', () => {
  it('shows the workspace at once, then tells the main side; its refusal comes back', async () => {
    client.setQueryData(workspacesQuery.queryKey, list('a', workspace('a'), workspace('b')));
    copper.respond('workspaces.activate', () => fail('workspace-not-found', 'Gone'));
    const done = activate('b', client);
    expect(useWorkspaceStore.getState().activeId).toBe('b');
    await expect(done).resolves.toMatchObject({ code: 'workspace-not-found' });
    expect(copper.of('workspaces.activate').map((c) => c.input)).toEqual([{ id: 'b' }]);
  });

  it('ignores a workspace the list does not have', async () => {
    client.setQueryData(workspacesQuery.queryKey, list('a', workspace('a')));
    copper.respond('workspaces.activate', () => ok(null));
    await expect(activate('zzz', client)).resolves.toBeNull();
    expect(useWorkspaceStore.getState().activeId).toBe('a');
    expect(copper.of('workspaces.activate')).toHaveLength(0);
  });
});
