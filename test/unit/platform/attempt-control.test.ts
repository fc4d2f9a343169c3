/**
 * The non-HTTP pieces of one request attempt (src/main/platform/attempt-control.ts), tested
 * directly: which abort fired, the cancellable backoff, Retry-After, the timeout's message and the
 * key store's failures. The client tests reach these only through whole requests, which left
 * their edges unpinned (mutation testing). Timers are vitest's fake timers: nothing here waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abortFailure,
  codedError,
  createAttemptControl,
  defaultSleep,
  deliveryOf,
  keyFailure,
  parseHttpDate,
  parseRetryAfter,
  pauseUnlessCancelled,
} from '../../../src/main/platform/attempt-control';
import { TRANSPORT_UNAVAILABLE } from '../../../src/main/platform/transport';

afterEach(() => {
  vi.useRealTimers();
});

describe('createAttemptControl', () => {
  /** A control with a 1000 ms timeout, on fake timers, and its caller's controller. */
  const started = () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    return { caller, control: createAttemptControl(caller.signal, 1000) };
  };

  it('says "timeout" when its timer fires first, and a later cancel does not change that', () => {
    const { caller, control } = started();
    vi.advanceTimersByTime(999);
    expect(control.controller.signal.aborted).toBe(false);
    expect(control.abortedBy()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(control.controller.signal.aborted).toBe(true);
    expect(control.abortedBy()).toBe('timeout');
    caller.abort();
    expect(control.abortedBy()).toBe('timeout');
  });

  it('says "cancelled" when the caller aborts first, and a later timer does not change that', () => {
    const { caller, control } = started();
    caller.abort();
    expect(control.controller.signal.aborted).toBe(true);
    expect(control.abortedBy()).toBe('cancelled');
    vi.advanceTimersByTime(5000);
    expect(control.abortedBy()).toBe('cancelled');
  });

  it('after release, neither the timer nor the caller aborts the attempt', () => {
    const { caller, control } = started();
    control.release();
    caller.abort();
    vi.advanceTimersByTime(5000);
    expect(control.controller.signal.aborted).toBe(false);
    expect(control.abortedBy()).toBeNull();
  });

  it('works without a caller signal', () => {
    vi.useFakeTimers();
    const control = createAttemptControl(undefined, 10);
    vi.advanceTimersByTime(10);
    expect(control.abortedBy()).toBe('timeout');
    control.release();
  });
});

describe('pauseUnlessCancelled', () => {
  it('sleeps the whole backoff and answers true when nothing cancels', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    expect(await pauseUnlessCancelled(sleep, 250, undefined)).toBe(true);
    expect(await pauseUnlessCancelled(sleep, 300, new AbortController().signal)).toBe(true);
    expect(slept).toEqual([250, 300]);
  });

  it('answers false at once for a signal already aborted, without sleeping', async () => {
    const caller = new AbortController();
    caller.abort();
    const sleep = vi.fn(async () => {});
    expect(await pauseUnlessCancelled(sleep, 250, caller.signal)).toBe(false);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('answers false when cancelled during a sleep that ignores the signal', async () => {
    const caller = new AbortController();
    const never = () => new Promise<void>(() => {});
    const paused = pauseUnlessCancelled(never, 60_000, caller.signal);
    caller.abort();
    expect(await paused).toBe(false);
  });

  it('answers false when the sleep ends because of the cancel, or fails', async () => {
    const caller = new AbortController();
    const endsOnCancel = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
    const paused = pauseUnlessCancelled(endsOnCancel, 60_000, caller.signal);
    caller.abort();
    expect(await paused).toBe(false);
    const failing = async () => {
      throw new Error('sleep broke');
    };
    expect(await pauseUnlessCancelled(failing, 10, new AbortController().signal)).toBe(false);
  });

  it('stops listening to the signal once the pause is over', async () => {
    const caller = new AbortController();
    const remove = vi.spyOn(caller.signal, 'removeEventListener');
    await pauseUnlessCancelled(async () => {}, 10, caller.signal);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});

describe('defaultSleep', () => {
  it('resolves after the time given, not before', async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = defaultSleep(1000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it('resolves early when its signal aborts, and clears its timer', async () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    let done = false;
    const sleeping = defaultSleep(60_000, caller.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    caller.abort();
    await sleeping;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  it('reads whole seconds, trimmed, as milliseconds', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter(' 2 ')).toBe(2000);
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('999999')).toBe(999_999_000);
  });

  it('ignores absent, fractional, signed, oversized, partly numeric and date-like values', () => {
    for (const value of [
      null,
      '',
      '2026-10-21',
      '21 Oct 2026 07:28:00 GMT',
      'Someday, soon',
      '1.5',
      '-1',
      '+1',
      '1000000',
      '5s',
      'x5',
    ]) {
      expect(parseRetryAfter(value)).toBeNull();
    }
  });
});

describe('parseRetryAfter: the HTTP-date form (issue 25.7)', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

  it("measures a date from the same answer's Date header, so a wrong local clock does not change the wait", () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:30:00 GMT', now, now + 3_600_000)).toBe(120_000);
  });

  it('measures from the local clock when the answer had no readable Date', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', Number.NaN, now)).toBe(30_000);
    // RFC 850 and asctime, the obsolete forms a recipient must still read.
    expect(parseRetryAfter('Wednesday, 21-Oct-26 07:28:30 GMT', Number.NaN, now)).toBe(30_000);
    expect(parseRetryAfter('Wed Oct 21 07:28:30 2026', Number.NaN, now)).not.toBeNull();
  });

  it('a date in the past means now; one far ahead is bounded as the seconds form is', () => {
    expect(parseRetryAfter('Tue, 20 Oct 2026 07:28:00 GMT', now, now)).toBe(0);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now, now)).toBe(999_999_000);
  });
});

describe('parseHttpDate', () => {
  it('reads HTTP-dates only, never a bare number or an ISO date', () => {
    expect(parseHttpDate('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(Date.UTC(2026, 9, 21, 7, 28));
    for (const text of ['1', '2026', '2026-10-21T07:28:00Z', 'garbage', `Wed, ${'9'.repeat(80)}`])
      expect(parseHttpDate(text)).toBeNaN();
  });
});

describe('abortFailure', () => {
  it('names the timeout in tenths of a second under ten seconds, whole seconds above', () => {
    expect(abortFailure('timeout', 300).error).toMatchObject({
      code: 'timeout',
      message: 'The platform did not answer within 0.3 s',
    });
    expect(abortFailure('timeout', 1540).error.message).toBe('The platform did not answer within 1.5 s');
    expect(abortFailure('timeout', 9_999).error.message).toBe('The platform did not answer within 10 s');
    expect(abortFailure('timeout', 10_000).error.message).toBe('The platform did not answer within 10 s');
    expect(abortFailure('timeout', 30_400).error.message).toBe('The platform did not answer within 30 s');
    expect(abortFailure('timeout', 30_600).error.message).toBe('The platform did not answer within 31 s');
  });

  it('a cancel is "cancelled"', () => {
    const failure = abortFailure('cancelled', 1000);
    expect(failure.ok).toBe(false);
    expect(failure.error).toMatchObject({ code: 'cancelled', message: 'Cancelled' });
  });
});

describe('keyFailure', () => {
  it('keeps the code of a key store error that has one of ours, with its message', () => {
    for (const code of [
      'keychain-unavailable',
      'vault-locked',
      'vault-passphrase',
      'no-key',
      'bad-input',
      'io',
    ]) {
      const error = Object.assign(new Error(`because ${code}`), { code });
      expect(keyFailure(error).error).toMatchObject({ code, message: `because ${code}` });
    }
  });

  it('any other failure is "keychain-unavailable" and says the key store failed', () => {
    const foreign = Object.assign(new Error('dbus went away'), { code: 'ECONNRESET' });
    expect(keyFailure(foreign).error).toMatchObject({
      code: 'keychain-unavailable',
      message: 'Could not get the API key from the key store: dbus went away',
    });
    expect(keyFailure({ code: 7 }).error.message).toBe(
      'Could not get the API key from the key store: the key store failed',
    );
    expect(keyFailure(null).error.code).toBe('keychain-unavailable');
    expect(keyFailure({ code: 'vault-locked' }).error).toMatchObject({
      code: 'vault-locked',
      message: 'the key store failed',
    });
  });
});

describe('whether a request that got no answer can have reached the platform', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });
  // fetch wraps the coded error in a TypeError's cause; undici's request() rejects with it.
  const shapes = [
    ['fetch', (code: string) => new TypeError('fetch failed', { cause: coded(code) })],
    ['undici', coded],
  ] as const;
  describe.each(shapes)('as %s reports it', (_name, errorOf) => {
    it.each([
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'CERT_HAS_EXPIRED',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'UND_ERR_INVALID_ARG',
      TRANSPORT_UNAVAILABLE,
    ])('%s: it cannot have been sent (refused)', (code) => {
      expect(deliveryOf(errorOf(code))).toBe('not-sent');
    });
    it.each([
      'ECONNRESET',
      'EPIPE',
      'UND_ERR_SOCKET',
      'ETIMEDOUT',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_INVALID_ARGS',
    ])('%s: it may have been sent (unknown)', (code) => {
      expect(deliveryOf(errorOf(code))).toBe('maybe-sent');
    });
  });
  it("an error's own code comes before its cause's", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('reset', { cause: refused }), { code: 'ECONNRESET' });
    expect(deliveryOf(reset)).toBe('maybe-sent');
    expect(codedError(reset)).toBe(reset);
    const uncoded = new Error('wrapper', { cause: refused });
    expect(codedError(uncoded)).toBe(refused);
    expect(deliveryOf(Object.assign(new Error('x', { cause: reset }), { code: 'ECONNREFUSED' }))).toBe(
      'not-sent',
    );
  });
  it('an error without a code may have been sent', () => {
    expect(deliveryOf(new Error('other side closed'))).toBe('maybe-sent');
    expect(deliveryOf(new Error('wrapped', { cause: new Error('no code') }))).toBe('maybe-sent');
    expect(deliveryOf('weird')).toBe('maybe-sent');
    expect(deliveryOf(null)).toBe('maybe-sent');
  });
});
