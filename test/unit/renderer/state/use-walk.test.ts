/**
 * A tab's walk: its rows, its job's progress and Cancel, read from the cache. Under a failure it
 * shows no rows, unless the failed walk had streamed some (issue 30): those stay listed and `kept`
 * says they are what arrived before the failure; a reload drops them before it asks again.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClientProvider, queryOptions, skipToken } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobQuery, progressQuery, walkSoFarQuery } from '../../../../src/renderer/src/state/queries';
import { useWalk, walkTableState, type Walk } from '../../../../src/renderer/src/state/use-walk';
import { QueryFailure, viewState } from '../../../../src/renderer/src/state/query-client';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture();
type Rows = { items: string[] };
const KEY = ['ws-1', 'things.listAll', {}] as const;
const OPTIONS = queryOptions<Rows>({ queryKey: KEY, queryFn: skipToken });

/** The hook's answer for one render over this test's cache. */
function walk(options: typeof OPTIONS = OPTIONS): Walk<Rows> {
  let seen: Walk<Rows> | undefined;
  function Probe() {
    seen = useWalk(options);
    return null;
  }
  renderToStaticMarkup(createElement(QueryClientProvider, { client: q.client }, createElement(Probe)));
  if (seen === undefined) throw new Error('the probe did not render');
  return seen;
}

describe('useWalk', () => {
  it('gives the rows the walk loaded', () => {
    q.client.setQueryData<Rows>(KEY, { items: ['a', 'b'] });
    const w = walk();
    expect(w.status).toBe('ready');
    expect(w.rows).toEqual(['a', 'b']);
    expect(w.job).toMatchObject({ jobId: null, progress: undefined, cancel: undefined });
  });

  it('shows no rows under a failure, not the previous request’s', () => {
    q.client.setQueryData<Rows>(KEY, { items: ['stale'] });
    q.client
      .getQueryCache()
      .find({ queryKey: KEY })
      ?.setState({ status: 'error', error: new Error('boom') });
    const w = walk();
    expect(w.status).toBe('error');
    expect(w.query.data).toEqual({ items: ['stale'] });
    expect(w.rows).toBeNull();
    expect(w.kept).toBeNull();
    expect(viewState(walkTableState(w)).status).toBe('error');
  });

  it('while the walk runs, shows the pages it streamed so far and says so; then its answer', () => {
    q.client.setQueryData<Rows>(KEY, { items: ['old'] });
    q.client.setQueryData(walkSoFarQuery(KEY).queryKey, {
      jobId: 'job-1',
      items: ['a', 'b'],
      pages: 2,
      estimate: 5,
    });
    const query = q.client.getQueryCache().find({ queryKey: KEY });
    query?.setState({ fetchStatus: 'fetching' });
    const running = walk();
    expect(running.status).toBe('loading');
    expect(running.rows).toEqual(['a', 'b']);
    expect(running.partial).toEqual({ loaded: 2, estimate: 5, requests: 2 });
    query?.setState({ fetchStatus: 'idle' });
    const done = walk();
    expect(done.rows).toEqual(['old']);
    expect(done.partial).toBeNull();
  });

  it("counts what the walk's job loaded when it is ahead of the rows shown (a preview streams its first page only)", () => {
    q.client.setQueryData<Rows>(KEY, { items: ['old'] });
    q.client.setQueryData(jobQuery(KEY).queryKey, 'job-1');
    q.client.setQueryData(progressQuery('job-1').queryKey, {
      jobId: 'job-1',
      done: 600,
      total: null,
      pages: 3,
      phase: 'running' as const,
    });
    q.client.setQueryData(walkSoFarQuery(KEY).queryKey, {
      jobId: 'job-1',
      items: ['a'],
      pages: 1,
      estimate: 2000,
    });
    q.client.getQueryCache().find({ queryKey: KEY })?.setState({ fetchStatus: 'fetching' });
    const running = walk();
    expect(running.rows).toEqual(['a']);
    expect(running.partial).toEqual({ loaded: 600, estimate: 2000, requests: 3 });
  });

  describe('a walk that fails after it streamed rows', () => {
    const DOWN = { code: 'network', message: 'down (on page 3, after 200 rows)' } as const;
    const streamed = (items: string[]) =>
      q.client.setQueryData(walkSoFarQuery(KEY).queryKey, {
        jobId: 'job-1',
        items,
        pages: 2,
        estimate: null,
      });
    const fail = () =>
      q.client
        .getQueryCache()
        .find({ queryKey: KEY })
        ?.setState({ status: 'error', fetchStatus: 'idle', error: new QueryFailure(DOWN) });

    it('keeps the rows that arrived and says they are what came before the failure', () => {
      q.client.setQueryData<Rows>(KEY, { items: ['previous'] });
      streamed(['a', 'b']);
      fail();
      const w = walk();
      expect(w.status).toBe('error');
      expect(w.rows).toEqual(['a', 'b']);
      expect(w.partial).toBeNull();
      expect(w.kept).toEqual({ loaded: 2, requests: 2, error: DOWN });
    });

    it('lets the table list the kept rows instead of its error panel', () => {
      q.client.setQueryData<Rows>(KEY, { items: ['previous'] });
      streamed(['a']);
      fail();
      expect(viewState(walkTableState(walk()))).toEqual({ status: 'ready', error: null });
    });

    it('a successful answer replaces the streamed rows', () => {
      streamed(['a', 'b']);
      q.client.setQueryData<Rows>(KEY, { items: ['x', 'y', 'z'] });
      const w = walk();
      expect(w.rows).toEqual(['x', 'y', 'z']);
      expect(w.kept).toBeNull();
    });

    it('a reload drops the kept rows before it asks again, so the retry does not show them as its own', async () => {
      let answer: (rows: Rows) => void = () => undefined;
      const options = queryOptions<Rows>({
        queryKey: KEY,
        queryFn: () => new Promise<Rows>((resolve) => (answer = resolve)),
      });
      streamed(['a', 'b']);
      fail();
      walk(options).reload();
      expect(q.client.getQueryData(walkSoFarQuery(KEY).queryKey)).toBeUndefined();
      const retrying = walk(options);
      expect(retrying.status).toBe('loading');
      expect(retrying.rows).toBeNull();
      expect(retrying.kept).toBeNull();
      answer({ items: ['a', 'b', 'c'] });
      await q.client.getQueryCache().find({ queryKey: KEY })?.promise;
      expect(walk(options).rows).toEqual(['a', 'b', 'c']);
    });
  });

  it('has no rows before the walk answered', () => {
    expect(walk().rows).toBeNull();
  });

  it('names the job that runs the walk, with a Cancel', () => {
    q.client.setQueryData(jobQuery(KEY).queryKey, 'job-7');
    const w = walk();
    expect(w.job.jobId).toBe('job-7');
    expect(typeof w.job.cancel).toBe('function');
  });
});
