/**
 * The supervisor (issue 25): a job that throws, synchronously or by rejecting, is caught, logged,
 * reported with its next retry, and run again with a bounded exponential back-off that a success
 * resets; runs never overlap and a stopped job schedules nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupervisedJob, messageOf } from '../../../src/main/jobs/supervisor';
import { describeJobFailure } from '../../../src/shared/job-status';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

function rig(tick: () => Promise<void> | void, intervalMs = 1_000) {
  const logged: string[] = [];
  const job = new SupervisedJob({
    job: 'the risk watch',
    tick,
    intervalMs: () => intervalMs,
    firstRetryMs: 30_000,
    maxRetryMs: 120_000,
    log: (message, error) => logged.push(`${message} | ${messageOf(error)}`),
    now: () => Date.now(),
  });
  return { job, logged };
}

describe('SupervisedJob', () => {
  it('catches a synchronous throw, reports it with the retry time, and retries with back-off', async () => {
    let calls = 0;
    const { job, logged } = rig(() => {
      calls++;
      throw new TypeError("Cannot read properties of null (reading 'marginCallThreshold')");
    });
    job.start(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    const failure = job.failure();
    expect(failure).toMatchObject({
      job: 'the risk watch',
      message: "TypeError: Cannot read properties of null (reading 'marginCallThreshold')",
      failures: 1,
      retryAt: String(1_000_000 + 30_000),
    });
    expect(describeJobFailure(failure!, Date.now())).toBe(
      "the risk watch failed: TypeError: Cannot read properties of null (reading 'marginCallThreshold'); retrying in 30 s",
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('the risk watch failed');

    // Not before the back-off, although the interval (1 s) has passed many times.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(job.failure()?.failures).toBe(2);
    // Doubling: 60 s, then capped at 120 s.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(5);
    job.stop();
  });

  it('catches a rejection, and a success resets the back-off and clears the failure', async () => {
    let calls = 0;
    const { job } = rig(async () => {
      calls++;
      if (calls <= 2) throw new Error(`boom ${calls}`);
    });
    job.start(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(job.failure()?.message).toBe('Error: boom 1');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(job.failure()).toMatchObject({ message: 'Error: boom 2', failures: 2 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
    expect(job.failure()).toBeNull();
    // Healthy again: back to the 1 s interval.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(4);
    job.stop();
  });

  it('never waits less than the interval after a failure', async () => {
    const { job } = rig(() => {
      throw new Error('x');
    }, 3_600_000);
    expect(job.retryDelay(1)).toBe(3_600_000);
    job.stop();
  });

  it('runs never overlap: runNow during a run joins it', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const { job } = rig(
      () =>
        new Promise<void>((resolve) => {
          calls++;
          release = resolve;
        }),
    );
    job.start(true);
    const joined = job.runNow();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    release();
    await joined;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    job.stop();
  });

  it('a stopped job runs no more and says it is not retrying', async () => {
    let calls = 0;
    const { job } = rig(() => {
      calls++;
      throw new Error('nope');
    });
    job.start(true);
    await vi.advanceTimersByTimeAsync(0);
    job.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(1);
    expect(job.failure()?.retryAt).toBeNull();
    expect(describeJobFailure(job.failure()!, Date.now())).toBe(
      'the risk watch failed: Error: nope; it is stopped',
    );
  });

  it('keeps secrets and long texts out of the reported message', async () => {
    const { job } = rig(() => {
      throw new Error(`Authorization: Bearer abc.def ${'x'.repeat(1_000)}`);
    });
    await job.runNow();
    const message = job.failure()?.message ?? '';
    expect(message).not.toContain('abc.def');
    expect(message.length).toBeLessThanOrEqual(301);
  });

  it('a non-error thrown value is still caught and named', async () => {
    const { job } = rig(() => Promise.reject(null));
    await job.runNow();
    expect(job.failure()?.message).toBe('a non-error value was thrown');
  });
});
