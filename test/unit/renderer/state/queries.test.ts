/**
 * App-wide server state (src/renderer/src/state/queries.ts): walks under job ids, per-workspace
 * keys, the list and progress written by main's events. Each view is played by a react-query
 * `QueryObserver` with the options a view passes to `useQuery`, so these run in node.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPreviousData, QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { createQueryClient, viewState } from '../../../../src/renderer/src/state/query-client';
import {
  cancelJob,
  jobQuery,
  keychainStatusQuery,
  portfoliosQuery,
  progressQuery,
  putWorkspace,
  subscribeAppEvents,
  walkFn,
  workspacesQuery,
} from '../../../../src/renderer/src/state/queries';
import { fakeCopper, settle, type FakeCopper } from '../../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;
const closers: (() => void)[] = [];

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
  copper.answerWith('jobs.cancel', { cancelled: true });
});

afterEach(() => {
  for (const close of closers.splice(0)) close();
  client.clear();
  vi.unstubAllGlobals();
});

/** A walk as a feature's queries.ts writes one (loans.listAll's shape, any call). */
const walk = (wsId: string, params: { q: string }) =>
  queryOptions({
    queryKey: [wsId, 'loans.listAll', params] as const,
    queryFn: walkFn('loans', (jobId) =>
      (
        globalThis as unknown as { copper: { loans: { listAll(i: unknown): Promise<never> } } }
      ).copper.loans.listAll({ workspaceId: wsId, jobId, ...params }),
    ),
    placeholderData: keepPreviousData,
  });

type WalkOptions = ReturnType<typeof walk>;

/** A mounted view of a walk; `show` changes its parameters, `close` unmounts it. */
function view(options: WalkOptions) {
  const observer = new QueryObserver(client, options);
  const close = observer.subscribe(() => undefined);
  closers.push(close);
  return {
    result: () => observer.getCurrentResult(),
    jobId: () => client.getQueryData(jobQuery(observer.options.queryKey).queryKey) ?? null,
    show: (next: WalkOptions) => observer.setOptions(next),
    close,
  };
}

const jobIdOf = (input: unknown) => (input as { jobId: string }).jobId;

describe('walks', () => {
  it('run under a job id, kept beside their key while they run and cleared once they settle', async () => {
    const a = view(walk('ws-a', { q: 'open' }));
    await settle();
    const [call] = copper.of('loans.listAll');
    expect(jobIdOf(call?.input)).toMatch(/^loans-/);
    expect(a.jobId()).toBe(jobIdOf(call?.input));
    call?.answer(ok('rows'));
    await settle();
    expect(a.result().data).toBe('rows');
    expect(a.jobId()).toBeNull();
  });

  it('a newer request of the same walk cancels the job in flight: other filters, or a reload', async () => {
    const a = view(walk('ws-a', { q: 'first' }));
    await settle();
    a.show(walk('ws-a', { q: 'second' }));
    await settle();
    const [first, second] = copper.of('loans.listAll');
    expect(copper.of('jobs.cancel').map((c) => c.input)).toEqual([{ jobId: jobIdOf(first?.input) }]);
    second?.answer(ok('second rows'));
    await settle();
    // A reload of what is shown: a new job; a reload while it runs cancels it and starts another.
    void a.result().refetch();
    await settle();
    const third = copper.of('loans.listAll')[2];
    expect(copper.of('jobs.cancel')).toHaveLength(1);
    void a.result().refetch();
    await settle();
    expect(copper.of('jobs.cancel').map((c) => c.input)).toEqual([
      { jobId: jobIdOf(first?.input) },
      { jobId: jobIdOf(third?.input) },
    ]);
    const fourth = copper.of('loans.listAll')[3];
    fourth?.answer(ok('reloaded rows'));
    third?.answer(fail('cancelled', 'Cancelled'));
    await settle();
    expect(a.result()).toMatchObject({ status: 'success', data: 'reloaded rows' });
    expect(a.jobId()).toBeNull();
  });

  it('a walk in another workspace is not cancelled by this one', async () => {
    view(walk('ws-a', { q: 'x' }));
    view(walk('ws-b', { q: 'x' }));
    await settle();
    expect(copper.of('jobs.cancel')).toHaveLength(0);
  });

  it('leaving the view does not cancel a walk: its rows are there on return, asked once', async () => {
    const a = view(walk('ws-a', { q: 'x' }));
    await settle();
    a.close();
    await settle();
    copper.of('loans.listAll')[0]?.answer(ok('every row'));
    await settle();
    expect(copper.of('jobs.cancel')).toHaveLength(0);
    const back = view(walk('ws-a', { q: 'x' }));
    expect(back.result().data).toBe('every row');
    await settle();
    expect(copper.of('loans.listAll')).toHaveLength(1);
  });

  it("Cancel asks the main side to stop the job; its answer is the view's error", async () => {
    const a = view(walk('ws-a', { q: 'x' }));
    await settle();
    const jobId = a.jobId();
    expect(jobId).not.toBeNull();
    await cancelJob(jobId ?? '');
    expect(copper.of('jobs.cancel').map((c) => c.input)).toEqual([{ jobId }]);
    copper.of('loans.listAll')[0]?.answer(fail('cancelled', 'Cancelled'));
    await settle();
    expect(viewState(a.result())).toEqual({
      status: 'error',
      error: { code: 'cancelled', message: 'Cancelled' },
    });
    expect(a.jobId()).toBeNull();
  });

  it('never shows the answer of parameters the view has left, even when it arrives last', async () => {
    const a = view(walk('ws-a', { q: 'first' }));
    await settle();
    a.show(walk('ws-a', { q: 'second' }));
    await settle();
    const [first, second] = copper.of('loans.listAll');
    second?.answer(ok('second rows'));
    first?.answer(fail('cancelled', 'Cancelled'));
    await settle();
    expect(a.result()).toMatchObject({ status: 'success', data: 'second rows', isPlaceholderData: false });
  });
});

describe('per-workspace keys', () => {
  it("keeps each workspace's data under its own key and paints it at once on return", async () => {
    const a = view(walk('ws-a', { q: 'x' }));
    await settle();
    copper.of('loans.listAll')[0]?.answer(ok('rows of A'));
    await settle();
    a.close();
    const b = view(walk('ws-b', { q: 'x' }));
    expect(b.result().data).toBeUndefined();
    await settle();
    copper.of('loans.listAll')[1]?.answer(ok('rows of B'));
    await settle();
    b.close();
    const back = view(walk('ws-a', { q: 'x' }));
    expect(back.result()).toMatchObject({ status: 'success', data: 'rows of A' });
    await settle();
    expect(copper.of('loans.listAll')).toHaveLength(2);
  });

  it('keys portfolios by workspace, call and input', () => {
    expect(portfoliosQuery('ws-a', true).queryKey).toEqual(['ws-a', 'portfolios.list', { limit: 1000 }]);
    expect(portfoliosQuery('ws-a', false).queryKey).toEqual([
      'ws-a',
      'portfolios.list',
      { limit: 1000, isActive: false },
    ]);
  });
});

function workspace(id: string, name = id): WorkspaceView {
  return { id, name, environment: 'sandbox', builtIn: false, keyConfigured: false } as WorkspaceView;
}

describe("main's events and the calls' answers, into the cache", () => {
  it('workspace-changed replaces the list and reads the key store again; progress is kept per job', async () => {
    const off = subscribeAppEvents(client);
    closers.push(off);
    copper.answerWith('keychain.status', { backend: 'vault' });
    const keychain = new QueryObserver(client, keychainStatusQuery);
    closers.push(keychain.subscribe(() => undefined));
    await settle();
    const list: WorkspaceList = { workspaces: [workspace('a')], activeId: 'a' };
    copper.emit('workspace-changed', list);
    await settle();
    expect(client.getQueryData(workspacesQuery.queryKey)).toEqual(list);
    expect(copper.of('keychain.status')).toHaveLength(2);

    const progress = { jobId: 'loans-1', done: 10, total: 100, pages: 1, phase: 'running' };
    copper.emit('progress', progress);
    expect(client.getQueryData(progressQuery('loans-1').queryKey)).toEqual(progress);
    off();
    expect(copper.listenerCount('progress')).toBe(0);
  });

  it('putWorkspace replaces a known workspace and appends a new one', () => {
    client.setQueryData(workspacesQuery.queryKey, {
      workspaces: [workspace('a'), workspace('b')],
      activeId: 'a',
    });
    putWorkspace(client, workspace('b', 'renamed'));
    putWorkspace(client, workspace('c'));
    expect(client.getQueryData(workspacesQuery.queryKey)?.workspaces.map((w) => w.name)).toEqual([
      'a',
      'renamed',
      'c',
    ]);
  });
});
