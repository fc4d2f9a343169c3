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
    vi.advanceTimersByTime(299);
    expect([timedOut(a), timedOut(b), timedOut(c)]).toEqual([false, false, false]);
    vi.advanceTimersByTime(1);
    expect([timedOut(a), timedOut(b), timedOut(c)]).toEqual([false, true, false]);
    vi.advanceTimersByTime(699);
    expect(timedOut(a)).toBe(false);
    vi.advanceTimersByTime(1);
    expect([timedOut(a), timedOut(c)]).toEqual([true, false]);
    vi.advanceTimersByTime(999);
    expect(timedOut(c)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(c)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives an attempt made while the timer waits for a later deadline its own, earlier time', () => {
    vi.useFakeTimers();
    const long = attempt(1000);
    vi.advanceTimersByTime(100);
    const short = attempt(200);
    vi.advanceTimersByTime(199);
    expect(timedOut(short)).toBe(false);
    vi.advanceTimersByTime(1);
    expect([timedOut(short), timedOut(long)]).toEqual([true, false]);
    vi.advanceTimersByTime(700);
    expect(timedOut(long)).toBe(true);
  });

  it('never times out a released attempt, and a release does not hold back the others', () => {
    vi.useFakeTimers();
    const released = attempt(100);
    const pending = attempt(500);
    released.release();
    vi.advanceTimersByTime(100);
    expect(released.controller.signal.aborted).toBe(false);
    expect(released.abortedBy()).toBeNull();
    vi.advanceTimersByTime(399);
    expect(timedOut(pending)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(pending)).toBe(true);
  });

  it('keeps timing out attempts made one after another (the timer is reused, not lost)', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 5; i++) {
      const done = attempt(1000);
      vi.advanceTimersByTime(10);
      done.release();
    }
    const last = attempt(1000);
    vi.advanceTimersByTime(999);
    expect(timedOut(last)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(last)).toBe(true);
  });
});
