import { describe, expect, it } from 'vitest';
import {
  LockoutGuard,
  clock as clockText,
  emptyGuardSnapshot,
  type GuardSnapshot,
} from '../../../src/main/guard/lockout-guard';
import { PLATFORM_LIMITS, type PlatformLimits } from '../../../src/shared/platform/limits';

const T0 = 1_800_000_000_000;
function guardAt(start = T0) {
  const clock = { now: start };
  return { clock, guard: new LockoutGuard('ws', { now: () => clock.now }) };
}

describe('lockout guard: failed authentications (30 an hour lock the key)', () => {
  it('admits while one more failure stays short of the limit, refuses the one that could lock', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 28; i++) {
      guard.noteAnswer(401, 'auth-failed', null);
      clock.now += 1_000;
    }
    expect(guard.admit('interactive')).toBeNull(); // 28 failed: a 29th is still short of 30
    guard.noteAnswer(401, 'auth-failed', null);
    const refusal = guard.admit('interactive');
    expect(refusal).not.toBeNull(); // 29 failed: the next one could be the 30th
    expect(refusal?.reason).toMatch(/29 failed authentications/);
    // Safe again when the oldest failure (at T0) leaves the hour: the count falls to 28.
    expect(refusal?.retryAt).toBe(T0 + PLATFORM_LIMITS.authFailures.windowMs);
    clock.now = T0 + PLATFORM_LIMITS.authFailures.windowMs;
    expect(guard.admit('interactive')).toBeNull();
  });

  it('counts a clock-skew refusal as a failed authentication, and nothing else as one', () => {
    const { guard } = guardAt();
    guard.noteAnswer(401, 'clock-skew', null);
    guard.noteAnswer(500, 'server-error', null);
    guard.noteAnswer(null, 'timeout', null);
    guard.noteAnswer(200, null, null);
    expect(guard.status().authFailures.count).toBe(1);
    expect(guard.status().businessFailures.count).toBe(0);
  });
});

describe('lockout guard: failed business logic (60 a minute lock the user)', () => {
  it('refuses at 59 refusals in the rolling minute and says when it is safe', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 59; i++) {
      guard.noteAnswer(i % 2 ? 409 : 400, i % 2 ? 'conflict' : 'bad-request', null);
      clock.now += 100;
    }
    const refusal = guard.admit('interactive');
    expect(refusal?.reason).toMatch(/59 refused requests/);
    // 59 in the window; one must leave for the count to be 58: the first, at T0.
    expect(refusal?.retryAt).toBe(T0 + 60_000);
    clock.now = T0 + 60_000;
    expect(guard.admit('interactive')).toBeNull();
  });

  it('ages refusals out of the window', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 40; i++) guard.noteAnswer(400, 'bad-request', null);
    clock.now += 61_000;
    for (let i = 0; i < 40; i++) guard.noteAnswer(400, 'bad-request', null);
    expect(guard.status().businessFailures.count).toBe(40);
    expect(guard.admit('interactive')).toBeNull();
  });
});

describe('lockout guard: request budget and 429', () => {
  it('gives long jobs 80% of the budget and keeps the rest for the operator', () => {
    const { clock, guard } = guardAt();
    const sentAndAnswered = () => {
      guard.noteSent();
      guard.noteAnswer(200, null, null); // answered: no longer a possible failure in flight
    };
    for (let i = 0; i < 800; i++) {
      sentAndAnswered();
      clock.now += 10;
    }
    const bulk = guard.admit('bulk');
    expect(bulk?.budgetOnly).toBe(true);
    expect(bulk?.retryAt).toBe(T0 + PLATFORM_LIMITS.requests.windowMs); // the first request leaves the window
    expect(guard.admit('interactive')).toBeNull();
    for (let i = 0; i < 200; i++) sentAndAnswered();
    expect(guard.admit('interactive')?.reason).toMatch(/1000 requests/);
  });

  it('pauses for Retry-After, at most ten minutes, and backs off exponentially without one', () => {
    const { clock, guard } = guardAt();
    guard.noteAnswer(429, 'rate-limited', 12_000);
    expect(guard.admit('interactive')?.retryAt).toBe(T0 + 12_000);
    expect(guard.admit('interactive')?.reason).toMatch(/waiting 12 s/);
    clock.now = T0 + 12_000;
    expect(guard.admit('interactive')).toBeNull();
    guard.noteAnswer(429, 'rate-limited', 3_600_000);
    expect(guard.pausedUntilMs).toBe(clock.now + 600_000);
    clock.now += 600_000;
    guard.noteAnswer(429, 'rate-limited', null); // third 429 in a row, no Retry-After: 1 s × 2²
    expect(guard.pausedUntilMs).toBe(clock.now + 4_000);
    clock.now += 4_000;
    guard.noteAnswer(200, null, null);
    guard.noteAnswer(429, 'rate-limited', null);
    expect(guard.pausedUntilMs).toBe(clock.now + 1_000); // a success resets the back-off
  });
});

describe('lockout guard: requests in flight count as possible failures', () => {
  it('refuses a second request while the one in flight could be the 29th failure', () => {
    const { guard } = guardAt();
    for (let i = 0; i < 28; i++) guard.noteAnswer(401, 'auth-failed', null);
    expect(guard.admit('interactive')).toBeNull(); // 28 failed: one more is the 29th
    guard.noteSent();
    const refusal = guard.admit('interactive'); // another workspace of the same key, meanwhile
    expect(refusal?.reason).toMatch(/28 failed authentications in the last hour and 1 still unanswered/);
    expect(refusal?.retryAt).toBe(T0 + 1_000); // the answer may free the place
    guard.noteAnswer(200, null, null);
    expect(guard.admit('interactive')).toBeNull();
  });

  it('refuses when only requests in flight stand between the count and the limit', () => {
    const { guard } = guardAt();
    for (let i = 0; i < 29; i++) guard.noteSent();
    expect(guard.unanswered).toBe(29);
    expect(guard.admit('interactive')?.retryAt).toBe(T0 + 1_000);
    for (let i = 0; i < 29; i++) guard.noteAnswer(401, 'auth-failed', null);
    expect(guard.status().authFailures.count).toBe(29);
    expect(guard.admit('interactive')?.retryAt).toBe(T0 + PLATFORM_LIMITS.authFailures.windowMs);
  });
});

describe('lockout guard: durability', () => {
  /**
   * A guard whose writes are held until a test lets each go (`writes`), counting the lazy ones
   * (`soon`), on a clock the test moves.
   */
  function heldGuard() {
    const clock = { now: T0 };
    const writes: (() => void)[] = [];
    let soon = 0;
    const guard: LockoutGuard = new LockoutGuard('k', {
      now: () => clock.now,
      persistence: {
        saveNow: () =>
          new Promise<void>((resolve) => {
            guard.snapshotForWrite();
            writes.push(() => {
              guard.writeDone();
              resolve();
            });
          }),
        saveSoon: () => {
          soon++;
        },
      },
    });
    return { guard, clock, held: { writes, soon: () => soon } };
  }

  it('without persistence every admitted request may go at once', () => {
    expect(guardAt().guard.whenSendable()).toBe(true);
  });

  it('waits for an in-flight allowance on disk, and for each counted failure to be written', async () => {
    const { guard, held } = heldGuard();
    const first = guard.whenSendable();
    expect(first).toBeInstanceOf(Promise);
    expect(guard.whenSendable()).toBe(first); // one write, not one per asker
    held.writes.shift()?.();
    await first;
    expect(guard.whenSendable('secret-a')).toBe(true);
    const ticket = guard.noteSent('secret-a');
    expect(held.soon()).toBe(1); // the request count is written lazily
    expect(held.writes).toHaveLength(0); // no write for a request that goes
    guard.noteAnswer(200, null, null, ticket);
    // The secret works: the allowance is given back (a write nobody waits for).
    expect(held.writes).toHaveLength(1);
    held.writes.shift()?.();
    // Another secret under the same key id (a second workspace) is not verified by it.
    const other = guard.whenSendable('secret-b');
    expect(other).toBeInstanceOf(Promise);
    held.writes.shift()?.();
    await other;
    const tickets = [];
    for (let i = 0; i < 10; i++) {
      expect(guard.whenSendable('secret-a')).toBe(true); // a verified secret's requests need no write
      tickets.push(guard.noteSent('secret-a'));
    }
    expect(held.writes).toHaveLength(0);
    guard.noteAnswer(401, 'auth-failed', null, tickets.pop());
    expect(held.writes).toHaveLength(1); // the failure is written at once
    const next = guard.whenSendable();
    expect(next).toBeInstanceOf(Promise);
    held.writes.shift()?.();
    await next;
    // No secret is verified after a failure: the nine still in flight are covered on disk now.
    expect(guard.snapshotForWrite()?.inFlight).toBeGreaterThanOrEqual(9);
  });

  it('a 429 pause and a refused request are written before the next request too', () => {
    const { guard, held } = heldGuard();
    guard.noteAnswer(429, 'rate-limited', 1_000);
    guard.noteAnswer(400, 'bad-request', null);
    expect(held.writes).toHaveLength(2);
    expect(guard.whenSendable()).toBeInstanceOf(Promise);
  });

  it('asks for more allowance when more requests are in flight than the file allows', async () => {
    const { guard, clock, held } = heldGuard();
    const grow = async () => {
      const w = guard.whenSendable();
      expect(w).toBeInstanceOf(Promise);
      held.writes.shift()?.();
      await w;
    };
    await grow();
    for (let i = 0; i < 4; i++) {
      expect(guard.whenSendable()).toBe(true);
      guard.noteSent();
    }
    await grow(); // a fifth in flight needs a larger allowance on disk
    expect(guard.snapshotForWrite()?.inFlight).toBe(8);
    guard.writeDone();
    for (let i = 0; i < 4; i++) guard.noteAnswer(200, null, null);
    clock.now += 60_000; // idle: the allowance on disk falls back
    expect(guard.idleWriteAt).not.toBeNull();
    expect(guard.snapshotForWrite()?.inFlight).toBe(0);
  });
});

const HOUR = PLATFORM_LIMITS.authFailures.windowMs;
const restoredAt = (over: Partial<GuardSnapshot>, now = T0, limits?: PlatformLimits) => {
  const clock = { now };
  const restored: GuardSnapshot = { ...emptyGuardSnapshot(), ...over };
  return {
    clock,
    guard: new LockoutGuard('ws', { now: () => clock.now, restored, ...(limits ? { limits } : {}) }),
  };
};
const times = (n: number, t: number) => Array<number>(n).fill(t);

describe('lockout guard: what a refusal says', () => {
  it('tells the time in the console’s one format, in UTC, date included', () => {
    expect(clockText(Date.UTC(2026, 10, 27, 6, 5, 9, 900))).toBe('2026-11-27 06:05:09 UTC');
  });

  it('failed authentications: how many, of which presumed, and from when', () => {
    const seen = restoredAt({ auth: times(29, T0) }).guard.admit('interactive');
    expect(seen).toEqual({
      reason:
        "29 failed authentications in the last hour: one more could lock this API key out (the platform's limit " +
        `is 30 an hour). Check the key and the clock; the console sends again from ${clockText(T0 + HOUR)}.`,
      retryAt: T0 + HOUR,
      budgetOnly: false,
    });
    const { guard } = restoredAt({ auth: times(26, T0), presumedAuth: times(3, T0) });
    expect(guard.admit('interactive')?.reason).toMatch(
      /^29 failed authentications in the last hour \(3 of them presumed: requests a console that stopped without closing left unanswered\): one more/,
    );
  });

  it('refused requests: how many in the minute, and from when', () => {
    expect(restoredAt({ business: times(59, T0) }).guard.admit('interactive')).toEqual({
      reason:
        '59 refused requests in the last minute: one more could lock your user out for 3 minutes ' +
        `(the platform's limit is 60 a minute). The console sends again from ${clockText(T0 + 60_000)}.`,
      retryAt: T0 + 60_000,
      budgetOnly: false,
    });
  });

  it('the request budget: a job’s share, and the whole of it', () => {
    const { guard } = restoredAt({ requests: times(1_000, T0) });
    const retryAt = T0 + PLATFORM_LIMITS.requests.windowMs;
    expect(guard.admit('bulk')?.reason).toBe(
      'This job has used its share of the request budget (800 of 1000 per 5 minutes); ' +
        `it continues at ${clockText(retryAt)}, leaving the rest for your own calls.`,
    );
    expect(guard.admit('interactive')?.reason).toBe(
      "1000 requests in the last 5 minutes reach the platform's limit of 1000; " +
        `the console sends again from ${clockText(retryAt)}.`,
    );
  });

  it('a 429 pause is no budget refusal, and the status reports it until it ends', () => {
    const { clock, guard } = guardAt();
    guard.noteAnswer(429, null, 5_000);
    expect(guard.admit('interactive')?.budgetOnly).toBe(false);
    expect(guard.status().refusing).toEqual({
      reason: expect.stringMatching(/waiting 5 s/) as unknown as string,
      retryAt: String(T0 + 5_000),
    });
    clock.now = T0 + 5_000;
    expect(guard.pausedUntilMs).toBe(0);
    expect(guard.status().pausedUntil).toBeNull();
    expect(guard.snapshotForWrite()).toBeNull(); // the pause is over: nothing worth keeping
  });
});

describe('lockout guard: which answers count as what', () => {
  it.each([
    [429, null, 1],
    [503, 'rate-limited', 1],
  ] as const)('%s %s pauses', (status, code, paused) => {
    const { guard } = guardAt();
    guard.noteAnswer(status, code, null);
    expect(guard.pausedUntilMs).toBe(T0 + paused * 1_000);
  });

  it.each([
    [400, 1],
    [499, 1],
    [500, 0],
    [399, 0],
  ] as const)('status %s counts %s refused request', (status, count) => {
    const { guard } = guardAt();
    guard.noteAnswer(status, null, null);
    expect(guard.status().businessFailures.count).toBe(count);
  });

  it.each([
    [200, 'resets', 1_000],
    [299, 'resets', 1_000],
    [300, 'keeps', 2_000],
    [199, 'keeps', 2_000],
    [null, 'keeps', 2_000],
  ] as const)('an answer %s between two 429s %s the back-off', (status, _what, wait) => {
    const { guard } = guardAt();
    guard.noteAnswer(429, 'rate-limited', null);
    guard.noteAnswer(status, null, null);
    guard.noteAnswer(429, 'rate-limited', null);
    expect(guard.pausedUntilMs).toBe(T0 + wait);
  });
});

describe('lockout guard: counting', () => {
  it('merges seen and presumed failures in time order to tell when a place frees', () => {
    // The oldest failure is a presumed one: it leaves the hour first.
    const { guard } = restoredAt({ auth: times(28, T0 + 600_000), presumedAuth: [T0] }, T0 + 1_200_000);
    expect(guard.admit('interactive')?.retryAt).toBe(T0 + HOUR);
  });

  it('with a limit of two, the one failure there is holds the key until it leaves the hour', () => {
    const limits = { ...PLATFORM_LIMITS, authFailures: { ...PLATFORM_LIMITS.authFailures, limit: 2 } };
    expect(restoredAt({ auth: [T0] }, T0, limits).guard.admit('interactive')?.retryAt).toBe(T0 + HOUR);
  });

  it('names itself by its id, and a listener that left is not told', () => {
    const { guard } = guardAt();
    expect(guard.id).toBe('ws');
    let told = 0;
    guard.onChange(() => told++)();
    guard.noteAnswer(401, 'auth-failed', null);
    expect(told).toBe(0);
  });
});
