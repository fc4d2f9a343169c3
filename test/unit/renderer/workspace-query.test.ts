/**
 * The per-workspace query layer on react-query (state/workspace-query-core.ts). Each view is played
 * by a react-query `QueryObserver` with the options `useWorkspaceQuery` passes to `useQuery`, and
 * read through the same `entryOf`, so these run in node without a DOM.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { fail, ok, type Result } from '@shared/result';
import { createQueryClient } from '../../../src/renderer/src/state/query-client';
import {
  entryOf,
  stableKey,
  workspaceQueryFactory,
  type QueryEntry,
  type WorkspaceQuery,
} from '../../../src/renderer/src/state/workspace-query-core';

interface Call<P> {
  wsId: string;
  params: P;
  jobId: string;
  answer(res: Result<string>): void;
}

/** A fetcher whose answers the test gives, in the order it chooses. */
function controlledFetcher<P>() {
  const calls: Call<P>[] = [];
  const fetcher = (wsId: string, params: P, jobId: string) =>
    new Promise<Result<string>>((answer) => calls.push({ wsId, params, jobId, answer }));
  return { calls, fetcher };
}

/** Lets react-query's promise chains and its batched notifications (a zero timeout) run out. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise((r) => setTimeout(r, 0));
}

let client: QueryClient;
let active: string;
let jobs: number;
let cancelJob: ReturnType<typeof vi.fn<(jobId: string) => Promise<unknown>>>;
let createWorkspaceQuery: ReturnType<typeof workspaceQueryFactory>;
const views: (() => void)[] = [];

beforeEach(() => {
  client = createQueryClient();
  active = 'ws-a';
  jobs = 0;
  cancelJob = vi.fn<(jobId: string) => Promise<unknown>>(() => Promise.resolve({ ok: true, value: true }));
  createWorkspaceQuery = workspaceQueryFactory({
    client,
    isActiveWorkspace: (id) => id === active,
    newJobId: (prefix) => `${prefix}-${(jobs += 1)}`,
    cancelJob,
  });
});

afterEach(() => {
  for (const close of views.splice(0)) close();
  client.clear();
});

/** A mounted view of `query` for one workspace; `show` changes its parameters, `close` unmounts it. */
function view<P>(query: WorkspaceQuery<P, string>, wsId: string, params: P) {
  let current = params;
  const observer = new QueryObserver(client, query.options(wsId, params));
  const close = observer.subscribe(() => undefined);
  views.push(close);
  return {
    entry: (): QueryEntry<string> =>
      entryOf(observer.getCurrentResult(), stableKey(current), query.get(wsId).jobId),
    show(next: P) {
      current = next;
      observer.setOptions(query.options(wsId, next));
    },
    close,
  };
}

describe('per-workspace cache', () => {
  it("keeps each workspace's data under its own key and paints it at once on return", async () => {
    const { calls, fetcher } = controlledFetcher<{ page: number }>();
    const query = createWorkspaceQuery(fetcher);
    const a = view(query, 'ws-a', { page: 0 });
    expect(a.entry().status).toBe('loading');
    calls[0]?.answer(ok('rows of A'));
    await settle();
    expect(a.entry()).toMatchObject({ status: 'ready', data: 'rows of A', error: null });
    a.close();

    active = 'ws-b';
    const b = view(query, 'ws-b', { page: 0 });
    expect(b.entry().data).toBeNull();
    calls[1]?.answer(ok('rows of B'));
    await settle();
    expect(b.entry().data).toBe('rows of B');
    b.close();

    active = 'ws-a';
    const back = view(query, 'ws-a', { page: 0 });
    expect(back.entry()).toMatchObject({ status: 'ready', data: 'rows of A' });
    await settle();
    expect(calls.map((c) => c.wsId)).toEqual(['ws-a', 'ws-b']);
  });

  it('drops an answer that arrives after its workspace stopped being active, and reloads on return', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher);
    const a = view(query, 'ws-a', null);
    a.close();
    active = 'ws-b';
    calls[0]?.answer(ok('late answer'));
    await settle();
    expect(query.get('ws-a').data).toBeNull();

    active = 'ws-a';
    const back = view(query, 'ws-a', null);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.answer(ok('fresh answer'));
    await settle();
    expect(back.entry()).toMatchObject({ status: 'ready', data: 'fresh answer' });
  });

  it('never shows the answer of parameters the view has left, even when it arrives last', async () => {
    const { calls, fetcher } = controlledFetcher<{ q: string }>();
    const query = createWorkspaceQuery(fetcher);
    const a = view(query, 'ws-a', { q: 'first' });
    a.show({ q: 'second' });
    await settle();
    expect(calls.map((c) => c.params.q)).toEqual(['first', 'second']);
    calls[1]?.answer(ok('second rows'));
    calls[0]?.answer(ok('first rows'));
    await settle();
    expect(a.entry()).toMatchObject({
      status: 'ready',
      data: 'second rows',
      key: stableKey({ q: 'second' }),
    });
  });

  it('update() patches the data of that workspace in place, without a reload', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher);
    const a = view(query, 'ws-a', null);
    calls[0]?.answer(ok('loan v1'));
    await settle();
    active = 'ws-b';
    const b = view(query, 'ws-b', null);
    calls[1]?.answer(ok('other loan'));
    await settle();

    query.update('ws-a', (data) => data.replace('v1', 'v2'));
    await settle();
    expect(a.entry()).toMatchObject({ status: 'ready', data: 'loan v2' });
    expect(b.entry().data).toBe('other loan');
    expect(calls).toHaveLength(2);
  });

  it('passes errors through as the AppError the views show, and does not retry', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher);
    const a = view(query, 'ws-a', null);
    const failure = fail('rate-limited', 'Too many requests', { status: 429, retryAt: '1700000000000' });
    calls[0]?.answer(failure);
    await settle();
    expect(a.entry()).toMatchObject({ status: 'error', data: null, error: failure.error });
    expect(calls).toHaveLength(1);
  });

  it('load() reuses the cache and force reloads', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher);
    const first = query.load('ws-a', null);
    calls[0]?.answer(ok('one'));
    await first;
    await query.load('ws-a', null);
    expect(calls).toHaveLength(1);
    const forced = query.load('ws-a', null, true);
    calls[1]?.answer(ok('two'));
    await forced;
    expect(query.get('ws-a')).toMatchObject({ status: 'ready', data: 'two' });
  });
});

describe('jobs', () => {
  it('cancel() calls jobs.cancel with the id the request runs under, and shows it cancelled', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher, 'walk');
    const a = view(query, 'ws-a', null);
    await settle();
    const jobId = calls[0]?.jobId;
    expect(jobId).toBe('walk-1');
    expect(a.entry().jobId).toBe('walk-1');

    await query.cancel('ws-a');
    expect(cancelJob).toHaveBeenCalledExactlyOnceWith('walk-1');
    calls[0]?.answer(fail('cancelled', 'Cancelled'));
    await settle();
    expect(a.entry()).toMatchObject({ status: 'error', jobId: null, error: { code: 'cancelled' } });
  });

  it('a newer request of the same job cancels the one in flight', async () => {
    const { calls, fetcher } = controlledFetcher<{ q: string }>();
    const query = createWorkspaceQuery(fetcher, 'walk');
    const a = view(query, 'ws-a', { q: 'first' });
    await settle();
    a.show({ q: 'second' });
    await settle();
    expect(cancelJob).toHaveBeenCalledExactlyOnceWith('walk-1');
    calls[1]?.answer(ok('second rows'));
    await settle();
    expect(a.entry()).toMatchObject({ status: 'ready', data: 'second rows' });
  });

  it('leaving the tab does not cancel a job: its answer is there on return', async () => {
    const { calls, fetcher } = controlledFetcher<null>();
    const query = createWorkspaceQuery(fetcher, 'walk');
    const a = view(query, 'ws-a', null);
    await settle();
    a.close();
    await settle();
    calls[0]?.answer(ok('every row'));
    await settle();
    expect(cancelJob).not.toHaveBeenCalled();
    const back = view(query, 'ws-a', null);
    expect(back.entry()).toMatchObject({ status: 'ready', data: 'every row' });
    expect(calls).toHaveLength(1);
  });
});
