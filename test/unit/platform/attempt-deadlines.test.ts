/**
 * Attempts' timeouts share one timer (src/main/platform/attempt-control.ts, `Deadlines`): each
 * attempt must still time out at its own time, whatever the others do. vitest's fake timers: nothing
 * here waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAttemptControl, type AttemptControl } from '../../../src/main/platform/attempt-control';

const opened: AttemptControl[] = [];
function attempt(timeoutMs: number): AttemptControl {
  const control = createAttemptControl(undefined, timeoutMs);
  opened.push(control);
  return control;
}
const timedOut = (control: AttemptControl) =>
  control.controller.signal.aborted && control.abortedBy() === 'timeout';

/** Moves the fake clock on by `ms`, then says which of the attempts have timed out. */
function after(ms: number, ...attempts: AttemptControl[]): boolean[] {
  vi.advanceTimersByTime(ms);
  return attempts.map(timedOut);
}

afterEach(() => {
  for (const control of opened.splice(0)) control.release();
  vi.useRealTimers();
});

describe('attempt timeouts on one timer', () => {
  it('times out each pending attempt at its own time, in any order of creation', () => {
    vi.useFakeTimers();
    const a = attempt(1000);
    const b = attempt(300);
    const c = attempt(2000);
    expect(vi.getTimerCount()).toBe(1);
    expect(after(299, a, b, c)).toEqual([false, false, false]);
    expect(after(1, a, b, c)).toEqual([false, true, false]);
    expect(after(699, a)).toEqual([false]);
    expect(after(1, a, c)).toEqual([true, false]);
    expect(after(999, c)).toEqual([false]);
    expect(after(1, c)).toEqual([true]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives an attempt made while the timer waits for a later deadline its own, earlier time', () => {
    vi.useFakeTimers();
    const long = attempt(1000);
    vi.advanceTimersByTime(100);
    const short = attempt(200);
    expect(after(199, short)).toEqual([false]);
    expect(after(1, short, long)).toEqual([true, false]);
    expect(after(700, long)).toEqual([true]);
  });

  it('never times out a released attempt, and a release does not hold back the others', () => {
    vi.useFakeTimers();
    const released = attempt(100);
    const pending = attempt(500);
    released.release();
    vi.advanceTimersByTime(100);
    expect(released.controller.signal.aborted).toBe(false);
    expect(released.abortedBy()).toBeNull();
    expect(after(399, pending)).toEqual([false]);
    expect(after(1, pending)).toEqual([true]);
  });

  it('keeps timing out attempts made one after another (the timer is reused, not lost)', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 5; i++) {
      const done = attempt(1000);
      vi.advanceTimersByTime(10);
      done.release();
    }
    const last = attempt(1000);
    expect(after(999, last)).toEqual([false]);
    expect(after(1, last)).toEqual([true]);
  });
});
