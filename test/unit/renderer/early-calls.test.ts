/**
 * Reads started at boot (lib/early-calls.ts, default-tab-reads.ts): the first query asking for
 * exactly the same call gets the early answer, once; anything else asks the main side itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { ok } from '@shared/result';
import { EARLY_CALL_TTL_MS, startEarly, takeEarly } from '../../../src/renderer/src/lib/early-calls';
import { startDefaultTabReads } from '../../../src/renderer/src/default-tab-reads';
import { readPortfolios } from '../../../src/renderer/src/state/portfolio-calls';
import { readWallets } from '../../../src/renderer/src/features/portfolios-wallets/calls';

describe('takeEarly', () => {
  it('hands an early answer to the first identical call only, whatever the key order', async () => {
    startEarly('portfolios.list', { workspaceId: 'w', limit: 1000 }, () => Promise.resolve(ok('early')));
    const taken = takeEarly('portfolios.list', { limit: 1000, workspaceId: 'w' });
    expect(taken).not.toBeNull();
    await expect(taken).resolves.toEqual(ok('early'));
    expect(takeEarly('portfolios.list', { limit: 1000, workspaceId: 'w' })).toBeNull();
  });

  it('does not hand it to another call or another input', () => {
    startEarly('wallets.list', { workspaceId: 'w', limit: 5000 }, () => Promise.resolve(ok([])));
    expect(takeEarly('portfolios.list', { workspaceId: 'w', limit: 5000 })).toBeNull();
    expect(takeEarly('wallets.list', { workspaceId: 'w', limit: 5000, nonEmpty: true })).toBeNull();
    expect(takeEarly('wallets.list', { workspaceId: 'other', limit: 5000 })).toBeNull();
    expect(takeEarly('wallets.list', { workspaceId: 'w', limit: 5000 })).not.toBeNull();
  });

  it('forgets an answer nobody claimed in time', () => {
    startEarly('wallets.list', { workspaceId: 'w' }, () => Promise.resolve(ok([])));
    expect(takeEarly('wallets.list', { workspaceId: 'w' }, Date.now() + EARLY_CALL_TTL_MS + 1)).toBeNull();
    expect(takeEarly('wallets.list', { workspaceId: 'w' })).toBeNull();
  });
});

function workspace(id: string, uiState: WorkspaceView['uiState'], builtIn = false): WorkspaceView {
  return {
    id,
    name: id,
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:1',
    organizationId: 'org',
    builtIn,
    keyConfigured: true,
    uiState,
    createdAt: '0',
  } as WorkspaceView;
}

describe('startDefaultTabReads', () => {
  const portfolios = vi.fn((input: unknown) => Promise.resolve(ok({ from: 'main', input })));
  const wallets = vi.fn((input: unknown) => Promise.resolve(ok({ from: 'main', input })));

  beforeEach(() => {
    portfolios.mockClear();
    wallets.mockClear();
    vi.stubGlobal('copper', { portfolios: { list: portfolios }, wallets: { list: wallets } });
  });
  afterEach(() => {
    // Whatever a test left unclaimed must not leak into the next one.
    for (const active of [true, false])
      takeEarly('portfolios.list', { workspaceId: 'a', limit: 1000, ...(active ? {} : { isActive: false }) });
    for (const nonEmpty of [true, false])
      takeEarly('wallets.list', { workspaceId: 'a', limit: 5000, ...(nonEmpty ? { nonEmpty } : {}) });
    vi.unstubAllGlobals();
  });

  const list = (activeId: string | null, ...workspaces: WorkspaceView[]): WorkspaceList => ({
    workspaces,
    activeId,
  });

  it('starts the default tab’s three reads, which the queries then take instead of asking again', async () => {
    startDefaultTabReads(
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: true } } })),
    );
    expect(portfolios).toHaveBeenCalledTimes(2);
    expect(wallets).toHaveBeenCalledWith({ workspaceId: 'a', limit: 5000, nonEmpty: true });
    await readPortfolios('a', true);
    await readPortfolios('a', false);
    await readWallets('a', true);
    expect(portfolios).toHaveBeenCalledTimes(2);
    expect(wallets).toHaveBeenCalledTimes(1);
    // A second read (a refresh) asks the main side.
    await readWallets('a', true);
    expect(wallets).toHaveBeenCalledTimes(2);
  });

  it('reads for the workspace that will be active, and not when it opens on another tab', () => {
    startDefaultTabReads(list(null, workspace('b', {}), workspace('a', {}, true)));
    expect(wallets).toHaveBeenCalledWith({ workspaceId: 'a', limit: 5000 });
    wallets.mockClear();
    portfolios.mockClear();
    startDefaultTabReads(list('a', workspace('a', { tab: 'loans' })));
    expect(portfolios).not.toHaveBeenCalled();
    expect(wallets).not.toHaveBeenCalled();
  });

  it('a view that asks with other filters gets its own read, not the early one', async () => {
    startDefaultTabReads(
      list('a', workspace('a', { filters: { 'portfolios-wallets': { nonEmpty: 'yes' } } })),
    );
    expect(wallets).toHaveBeenLastCalledWith({ workspaceId: 'a', limit: 5000 });
    await readWallets('a', true);
    expect(wallets).toHaveBeenCalledTimes(2);
    expect(wallets).toHaveBeenLastCalledWith({ workspaceId: 'a', limit: 5000, nonEmpty: true });
  });
});
