/**
 * The renderer's query client (src/renderer/src/state/query-client.ts): bounded cache time, failed
 * reads read again, the contract's errors as the views show them, nothing retried.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import {
  createQueryClient,
  INACTIVE_GC_MS,
  QueryFailure,
  toAppError,
  unwrap,
  viewState,
} from '../../../../src/renderer/src/state/query-client';
import { settle } from '../../../support/fake-copper';

afterEach(() => {
  vi.useRealTimers();
});

describe('cache time', () => {
  it('keeps what a view shows, and drops what no view shows once INACTIVE_GC_MS have passed', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const shown = new QueryObserver(client, { queryKey: ['ws', 'shown'], queryFn: () => 'rows' });
    const close = shown.subscribe(() => undefined);
    client.setQueryData(['ws', 'left'], 'old rows');
    await vi.advanceTimersByTimeAsync(INACTIVE_GC_MS - 1);
    expect(client.getQueryData(['ws', 'left'])).toBe('old rows');
    await vi.advanceTimersByTimeAsync(2);
    expect(client.getQueryData(['ws', 'left'])).toBeUndefined();
    // Shown all along: kept however long it is shown.
    await vi.advanceTimersByTimeAsync(INACTIVE_GC_MS * 10);
    expect(client.getQueryData(['ws', 'shown'])).toBe('rows');
    close();
    await vi.advanceTimersByTimeAsync(INACTIVE_GC_MS + 1);
    expect(client.getQueryData(['ws', 'shown'])).toBeUndefined();
  });
});

describe('freshness', () => {
  it('reads a failed query again on the next view, and keeps an answer until reloaded', async () => {
    const client = createQueryClient();
    const answers = [fail('network', 'down'), ok('rows'), ok('newer rows')];
    const queryFn = vi.fn(() => unwrap(Promise.resolve(answers.shift() ?? ok('?'))));
    const options = { queryKey: ['ws', 'call', {}], queryFn };
    const view = () => {
      const observer = new QueryObserver(client, options);
      return { observer, close: observer.subscribe(() => undefined) };
    };
    const first = view();
    await settle();
    expect(first.observer.getCurrentResult().status).toBe('error');
    first.close();
    const second = view();
    await settle();
    expect(second.observer.getCurrentResult().data).toBe('rows');
    second.close();
    const third = view();
    await settle();
    expect(third.observer.getCurrentResult().data).toBe('rows');
    expect(queryFn).toHaveBeenCalledTimes(2);
    third.close();
  });

  it('never retries a failed read or a failed mutation', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => unwrap(Promise.resolve(fail('server-error', 'HTTP 500'))));
    const close = new QueryObserver(client, { queryKey: ['q'], queryFn }).subscribe(() => undefined);
    const mutationFn = vi.fn(() => unwrap(Promise.resolve(fail('network', 'down'))));
    const mutation = new MutationObserver(client, { mutationFn });
    await mutation.mutate().catch(() => undefined);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    close();
  });
});

describe('errors and states as the views show them', () => {
  it("carries the main side's AppError through unchanged", async () => {
    const failure = fail('rate-limited', 'Too many requests', { status: 429, retryAt: '1700000000000' });
    const error = await unwrap(Promise.resolve(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryFailure);
    expect(toAppError(error)).toEqual(failure.error);
    expect(toAppError(new Error('boom'))).toEqual({ code: 'internal', message: 'boom' });
  });

  it('reads a refetch as loading, an answer as ready and a failure with its text', () => {
    const failure = new QueryFailure({ code: 'forbidden', message: 'Not allowed' });
    expect(viewState({ status: 'success', fetchStatus: 'fetching', error: null })).toEqual({
      status: 'loading',
      error: null,
    });
    expect(viewState({ status: 'success', fetchStatus: 'idle', error: null }).status).toBe('ready');
    expect(viewState({ status: 'error', fetchStatus: 'idle', error: failure })).toEqual({
      status: 'error',
      error: { code: 'forbidden', message: 'Not allowed' },
    });
    expect(viewState({ status: 'pending', fetchStatus: 'idle', error: null }).status).toBe('idle');
  });
});
