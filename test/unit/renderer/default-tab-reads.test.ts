/**
 * The reads boot.ts starts once the workspace list arrives (src/renderer/src/default-tab-reads.ts):
 * prefetched into the query client under the keys the default tab's view then asks with, so the
 * view finds them instead of asking again; anything else asks the main side itself.
 */
import { describe, expect, it } from 'vitest';

import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { portfoliosQuery } from '../../../src/renderer/src/state/queries';
import { prefetchDefaultTab } from '../../../src/renderer/src/default-tab-reads';
import { walletsQuery } from '../../../src/renderer/src/features/portfolios-wallets/queries';
import { settle } from '../../support/fake-copper';
import { useQueryFixture } from '../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.copper.answerWith('portfolios.list', []);
  fx.copper.answerWith('wallets.list', []);
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
  ])
    q.show(options);
}

describe('prefetchDefaultTab', () => {
  it('starts the default tab’s three reads, which its view then finds instead of asking again', async () => {
    prefetchDefaultTab(
      q.client,
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: true } } })),
    );
    expect(q.copper.of('portfolios.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 1000 },
      { workspaceId: 'a', limit: 1000, isActive: false },
    ]);
    expect(q.copper.of('wallets.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 5000, nonEmpty: true },
    ]);
    showTab('a', true);
    await settle();
    expect(q.copper.calls).toHaveLength(3);
  });

  it('reads for the workspace that will be shown, and nothing when it opens on another tab', () => {
    prefetchDefaultTab(q.client, list(null, workspace('b', {}), workspace('a', {}, true)));
    expect(q.copper.of('wallets.list').map((c) => c.input)).toEqual([{ workspaceId: 'a', limit: 5000 }]);
    const before = q.copper.calls.length;
    prefetchDefaultTab(q.client, list('c', workspace('c', { tab: 'loans' })));
    expect(q.copper.calls).toHaveLength(before);
  });

  it('a view that asks with other filters gets its own read, not the early one', async () => {
    prefetchDefaultTab(
      q.client,
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: 'yes' } } })),
    );
    showTab('a', true);
    await settle();
    expect(q.copper.of('wallets.list').map((c) => c.input)).toEqual([
      { workspaceId: 'a', limit: 5000 },
      { workspaceId: 'a', limit: 5000, nonEmpty: true },
    ]);
    expect(q.copper.of('portfolios.list')).toHaveLength(2);
  });
});
