/**
 * App-wide server state (src/renderer/src/state/queries.ts): walks under job ids, per-workspace
 * keys, the list and progress written by main's events. Each view is played by a react-query
 * `QueryObserver` with the options a view passes to `useQuery`, so these run in node.
 */
import { describe, expect, it, vi } from 'vitest';
import { keepPreviousData, QueryObserver, queryOptions } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import type { WorkspaceList, WorkspaceView } from '@shared/contract';
import { viewState } from '../../../../src/renderer/src/state/query-client';
import {
  cancelJob,
  jobQuery,
  keychainStatusQuery,
  portfoliosQuery,
  progressQuery,
  putWorkspace,
  subscribeAppEvents,
  walkFn,
  walkSoFarQuery,
  workspacesQuery,
  STREAM_WAIT_MS,
} from '../../../../src/renderer/src/state/queries';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.copper.answerWith('jobs.cancel', { cancelled: true });
});

/** A walk as a feature's queries.ts writes one (loans.listAll's shape, any call). */
const walk = (wsId: string, params: { q: string }) =>
  queryOptions({
    queryKey: [wsId, 'loans.listAll', params] as const,
    queryFn: walkFn('loans', (jobId, stream) =>
      (
        globalThis as unknown as { copper: { loans: { listAll(i: unknown): Promise<never> } } }
      ).copper.loans.listAll({ workspaceId: wsId, jobId, stream, ...params }),
    ),
    placeholderData: keepPreviousData,
  });

type WalkOptions = ReturnType<typeof walk>;

/** A mounted view of a walk; `show` changes its parameters, `close` unmounts it. */
function view(options: WalkOptions) {
  const observer = new QueryObserver(q.client, options);
  const close = observer.subscribe(() => undefined);
  q.onClose(close);
  return {
    result: () => observer.getCurrentResult(),
    jobId: () => q.client.getQueryData(jobQuery(observer.options.queryKey).queryKey) ?? null,
    show: (next: WalkOptions) => observer.setOptions(next),
    close,
  };
}

const jobIdOf = (input: unknown) => (input as { jobId: string }).jobId;

/** A view of a walk whose filters changed once: the view, and its two calls in order. */
async function viewRefiltered() {
  const a = view(walk('ws-a', { q: 'first' }));
  await settle();
  a.show(walk('ws-a', { q: 'second' }));
  await settle();
  const [first, second] = q.copper.of('loans.listAll');
  return { a, first, second };
}

describe('walks', () => {
  it('run under a job id, kept beside their key while they run and cleared once they settle', async () => {
    const a = view(walk('ws-a', { q: 'open' }));
    await settle();
    const [call] = q.copper.of('loans.listAll');
    expect(jobIdOf(call?.input)).toMatch(/^loans-/);
    expect(a.jobId()).toBe(jobIdOf(call?.input));
    call?.answer(ok('rows'));
    await settle();
    expect(a.result().data).toBe('rows');
    expect(a.jobId()).toBeNull();
  });

  it('a newer request of the same walk cancels the job in flight: other filters, or a reload', async () => {
    const { a, first, second } = await viewRefiltered();
    expect(q.copper.of('jobs.cancel').map((c) => c.input)).toEqual([{ jobId: jobIdOf(first?.input) }]);
    second?.answer(ok('second rows'));
    await settle();
    // A reload of what is shown: a new job; a reload while it runs cancels it and starts another.
    void a.result().refetch();
    await settle();
    const third = q.copper.of('loans.listAll')[2];
    expect(q.copper.of('jobs.cancel')).toHaveLength(1);
    void a.result().refetch();
    await settle();
    expect(q.copper.of('jobs.cancel').map((c) => c.input)).toEqual([
      { jobId: jobIdOf(first?.input) },
      { jobId: jobIdOf(third?.input) },
    ]);
    const fourth = q.copper.of('loans.listAll')[3];
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
    expect(q.copper.of('jobs.cancel')).toHaveLength(0);
  });

  it('leaving the view does not cancel a walk: its rows are there on return, asked once', async () => {
    const a = view(walk('ws-a', { q: 'x' }));
    await settle();
    a.close();
    await settle();
    q.copper.of('loans.listAll')[0]?.answer(ok('every row'));
    await settle();
    expect(q.copper.of('jobs.cancel')).toHaveLength(0);
    const back = view(walk('ws-a', { q: 'x' }));
    expect(back.result().data).toBe('every row');
    await settle();
    expect(q.copper.of('loans.listAll')).toHaveLength(1);
  });

  it("Cancel asks the main side to stop the job; its answer is the view's error", async () => {
    const a = view(walk('ws-a', { q: 'x' }));
    await settle();
    const jobId = a.jobId();
    expect(jobId).not.toBeNull();
    await cancelJob(jobId ?? '');
    expect(q.copper.of('jobs.cancel').map((c) => c.input)).toEqual([{ jobId }]);
    q.copper.of('loans.listAll')[0]?.answer(fail('cancelled', 'Cancelled'));
    await settle();
    expect(viewState(a.result())).toEqual({
      status: 'error',
      error: { code: 'cancelled', message: 'Cancelled' },
    });
    expect(a.jobId()).toBeNull();
  });

  it("keeps the pages its job streams while it runs (issue 30), never another job's", async () => {
    const options = walk('ws-a', { q: 'x' });
    const a = view(options);
    await settle();
    const jobId = a.jobId() ?? '';
    const soFar = () => q.client.getQueryData(walkSoFarQuery(options.queryKey).queryKey);
    const page = (id: string, rows: string[], pages: number) =>
      q.copper.emit('progress', { jobId: id, done: 0, total: null, pages, phase: 'running', rows });
    page(jobId, ['a', 'b'], 1);
    page('loans-other', ['x'], 1);
    page(jobId, ['c'], 2);
    expect(soFar()).toEqual({ jobId, items: ['a', 'b', 'c'], pages: 2, estimate: null });
    q.copper.of('loans.listAll')[0]?.answer(ok({ items: ['a', 'b', 'c', 'd'], complete: true }));
    await settle();
    // A late page of the finished job changes nothing; a reload estimates from the answer.
    page(jobId, ['late'], 3);
    expect(soFar()?.items).toEqual(['a', 'b', 'c']);
    void a.result().refetch();
    await settle();
    const reloadJob = a.jobId() ?? '';
    expect(soFar()).toBeUndefined();
    page(reloadJob, ['a'], 1);
    expect(soFar()).toEqual({ jobId: reloadJob, items: ['a'], pages: 1, estimate: 4 });
  });

  describe('a streamed answer holds no rows: they are the pages the events carried, assembled once', () => {
    const start = async () => {
      const options = walk('ws-a', { q: 'x' });
      const a = view(options);
      await settle();
      const call = q.copper.of('loans.listAll')[0];
      const jobId = a.jobId() ?? '';
      const page = (rows: unknown[], pages: number, moved?: { index: number; row: unknown }[]) =>
        q.copper.emit('progress', {
          jobId,
          done: 0,
          total: null,
          pages,
          phase: 'running',
          rows,
          ...(moved ? { moved } : {}),
        });
      const answer = (events: number, rows: number) =>
        call?.answer(ok({ items: [], complete: true, streamed: { events, rows } }));
      return { a, call, page, answer };
    };

    it('asks the walk to stream and ends with every row once, a moved row in its place', async () => {
      const { a, call, page, answer } = await start();
      expect(call?.input).toMatchObject({ stream: true });
      page(['a', 'b'], 1);
      page(['c'], 2, [{ index: 0, row: 'a2' }]);
      answer(2, 3);
      await settle();
      expect(a.result().data).toMatchObject({ items: ['a2', 'b', 'c'], complete: true });
    });

    it('an answer that comes before its last page waits for it', async () => {
      const { a, page, answer } = await start();
      page(['a'], 1);
      answer(2, 2);
      await settle();
      expect(a.result().data).toBeUndefined();
      page(['b'], 2);
      await settle();
      expect(a.result().data).toMatchObject({ items: ['a', 'b'] });
    });

    it('pages that never arrive: the walk is read once more, its rows in the answer', async () => {
      const { a, page, answer } = await start();
      page(['a'], 1);
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try {
        answer(2, 2);
        for (let i = 0; i < 20; i++) await Promise.resolve();
        vi.advanceTimersByTime(STREAM_WAIT_MS);
      } finally {
        vi.useRealTimers();
      }
      await settle();
      const again = q.copper.of('loans.listAll')[1];
      expect(again?.input).toMatchObject({ stream: false });
      again?.answer(ok({ items: ['a', 'b'], complete: true }));
      await settle();
      expect(a.result().data).toMatchObject({ items: ['a', 'b'] });
    });
  });

  it('never shows the answer of parameters the view has left, even when it arrives last', async () => {
    const { a, first, second } = await viewRefiltered();
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
    q.copper.of('loans.listAll')[0]?.answer(ok('rows of A'));
    await settle();
    a.close();
    const b = view(walk('ws-b', { q: 'x' }));
    expect(b.result().data).toBeUndefined();
    await settle();
    q.copper.of('loans.listAll')[1]?.answer(ok('rows of B'));
    await settle();
    b.close();
    const back = view(walk('ws-a', { q: 'x' }));
    expect(back.result()).toMatchObject({ status: 'success', data: 'rows of A' });
    await settle();
    expect(q.copper.of('loans.listAll')).toHaveLength(2);
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
    const off = subscribeAppEvents(q.client);
    q.onClose(off);
    q.copper.answerWith('keychain.status', { backend: 'vault' });
    q.show(keychainStatusQuery);
    await settle();
    const list: WorkspaceList = { workspaces: [workspace('a')], activeId: 'a' };
    q.copper.emit('workspace-changed', list);
    await settle();
    expect(q.client.getQueryData(workspacesQuery.queryKey)).toEqual(list);
    expect(q.copper.of('keychain.status')).toHaveLength(2);

    const progress = { jobId: 'loans-1', done: 10, total: 100, pages: 1, phase: 'running' };
    q.copper.emit('progress', { ...progress, rows: [{ loanId: 'l-1' }] });
    // The rows of a streamed page go to its walk, not into the progress entry.
    expect(q.client.getQueryData(progressQuery('loans-1').queryKey)).toEqual(progress);
    off();
    expect(q.copper.listenerCount('progress')).toBe(0);
  });

  it('putWorkspace replaces a known workspace and appends a new one', () => {
    q.client.setQueryData(workspacesQuery.queryKey, {
      workspaces: [workspace('a'), workspace('b')],
      activeId: 'a',
    });
    putWorkspace(q.client, workspace('b', 'renamed'));
    putWorkspace(q.client, workspace('c'));
    expect(q.client.getQueryData(workspacesQuery.queryKey)?.workspaces.map((w) => w.name)).toEqual([
      'a',
      'renamed',
      'c',
    ]);
  });
});
