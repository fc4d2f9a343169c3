/**
 * The reads boot.ts starts once the workspace list arrives (src/renderer/src/default-tab-reads.ts):
 * prefetched into the query client under the keys the default tab's view then asks with, so the
 * view finds them instead of asking again; anything else asks the main side itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { createQueryClient } from '../../../src/renderer/src/state/query-client';
import { portfoliosQuery } from '../../../src/renderer/src/state/queries';
import { prefetchDefaultTab } from '../../../src/renderer/src/default-tab-reads';
import { walletsQuery } from '../../../src/renderer/src/features/portfolios-wallets/queries';
import { fakeCopper, settle, type FakeCopper } from '../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;
const closers: (() => void)[] = [];

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
  copper.answerWith('portfolios.list', []);
  copper.answerWith('wallets.list', []);
});

afterEach(() => {
  for (const close of closers.splice(0)) close();
  client.clear();
  vi.unstubAllGlobals();
});

function workspace(id: string, uiState: WorkspaceView['uiState'], builtIn = false): WorkspaceView {
  return { id, name: id, environment: 'sandbox', builtIn, keyConfigured: true, uiState } as WorkspaceView;
}

const list = (activeId: string | null, ...workspaces: WorkspaceView[]): WorkspaceList => ({
  workspaces,
  activeId,
});

/** The default tab's view: what PortfoliosWalletsView asks for. */
function showTab(wsId: string, nonEmpty: boolean) {
  for (const options of [
    portfoliosQuery(wsId, true),
    portfoliosQuery(wsId, false),
    walletsQuery(wsId, nonEmpty),
  ]) {
    const observer = new QueryObserver(client, options as ConstructorParameters<typeof QueryObserver>[1]);
    closers.push(observer.subscribe(() => undefined));
  }
}

describe('prefetchDefaultTab', () => {
  it('starts the default tab’s three reads, which its view then finds instead of asking again', async () => {
    prefetchDefaultTab(
      client,
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: true } } })),
    );
    expect(copper.of('portfolios.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 1000 },
      { workspaceId: 'a', limit: 1000, isActive: false },
    ]);
    expect(copper.of('wallets.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 5000, nonEmpty: true },
    ]);
    showTab('a', true);
    await settle();
    expect(copper.calls).toHaveLength(3);
  });

  it('reads for the workspace that will be shown, and nothing when it opens on another tab', () => {
    prefetchDefaultTab(client, list(null, workspace('b', {}), workspace('a', {}, true)));
    expect(copper.of('wallets.list').map((c) => c.input)).toEqual([{ workspaceId: 'a', limit: 5000 }]);
    const before = copper.calls.length;
    prefetchDefaultTab(client, list('c', workspace('c', { tab: 'loans' })));
    expect(copper.calls).toHaveLength(before);
  });

  it('a view that asks with other filters gets its own read, not the early one', async () => {
    prefetchDefaultTab(
      client,
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: 'yes' } } })),
    );
    showTab('a', true);
    await settle();
    expect(copper.of('wallets.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 5000 },
      { workspaceId: 'a', limit: 5000, nonEmpty: true },
    ]);
    expect(copper.of('portfolios.list')).toHaveLength(2);
  });
});
